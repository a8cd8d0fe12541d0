export { DrawByParam, DrawPage } from './draw-page.tsx';
