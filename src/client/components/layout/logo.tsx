/** Our own mark for the Special Access Pass (docs/spec/DESIGN.md §4: no third-party logos). */
export function Logo({ className = 'h-10 w-auto' }: { className?: string }) {
  return (
    <svg viewBox="0 0 250 48" className={className} role="img" aria-label="Special Access Pass">
      <path d="M24 4 44 44H4Z" fill="none" stroke="#d4af37" strokeWidth="3.5" />
      <circle cx="24" cy="31" r="5" fill="#d4af37" />
      <text
        x="54"
        y="22"
        fill="#f4f4f5"
        fontFamily="Inter, Arial, sans-serif"
        fontSize="15"
        fontWeight="700"
        letterSpacing="3"
      >
        SPECIAL ACCESS
      </text>
      <text
        x="54"
        y="40"
        fill="#d4af37"
        fontFamily="Inter, Arial, sans-serif"
        fontSize="12"
        fontWeight="600"
        letterSpacing="6"
      >
        PASS
      </text>
    </svg>
  );
}
