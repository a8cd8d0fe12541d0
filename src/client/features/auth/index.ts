// The auth feature's pieces other features show (decision 060): loaded lazily, never in the first chunk.
export { PasskeysPanel } from './passkeys-panel.tsx';
