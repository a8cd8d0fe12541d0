// The transfers feature's public surface (decision 057): both pieces are loaded lazily, never in the first chunk.
export { AcceptTransferPage } from './accept-page.tsx';
export { GivePlace } from './give-place.tsx';
