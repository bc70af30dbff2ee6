// The Well's mark: a drawn well with rising water, and the wordmark beside it; `after`
// follows the wordmark for screen readers only (the home link's ", home").
export function Logo({ class: className = '', after }: { class?: string; after?: string }) {
  return (
    <span class={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" class="shrink-0">
        <circle cx="16" cy="16" r="15" fill="#0b2a3c" />
        <path d="M8 13h16l-2 11H10z" fill="#f5efe3" />
        <path d="M10.6 19c1.8-1.2 3.6-1.2 5.4 0s3.6 1.2 5.4 0" stroke="#1d7fa6" stroke-width="1.6" fill="none" stroke-linecap="round" />
        <path d="M7 13h18M11 13V8h10v5M16 8V5" stroke="#e0b45a" stroke-width="1.6" fill="none" stroke-linecap="round" />
      </svg>
      <span class="font-serif text-xl font-semibold tracking-tight" lang="en" dir="ltr">The Well</span>
      {after && <span class="sr-only">{after}</span>}
    </span>
  );
}
