// Shared with the member's booking page; admin pages keep importing it from here.
export { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
