/** The bank's mark (same drawing as public/logo.svg, inline to spare a request); decorative beside a title. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-indigo-8)" />
      <path
        d="M32 12 12 22v4h40v-4L32 12Zm-14 18v16h6V30h-6Zm11 0v16h6V30h-6Zm11 0v16h6V30h-6ZM12 50v4h40v-4H12Z"
        fill="#fff"
      />
    </svg>
  );
}
