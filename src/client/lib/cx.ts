import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names without merging conflicting utilities: the member's screens use it, so tailwind-merge (8 KB)
 * stays out of their first chunk (decision 059). A look that callers override lives in styles.css's components
 * layer (`.ui-btn`, `.ui-input`), which any utility beats; admin screens keep the merging `cn`.
 */
export const cx = (...inputs: ClassValue[]) => clsx(inputs);
