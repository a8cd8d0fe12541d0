export { DrawPage } from './draw-page.tsx';
