import Bowser from 'bowser';

/** "Chrome 131 on macOS" from a user agent, for the sessions list and the new-device mail. */
export function deviceLabel(userAgent: string | null | undefined) {
  if (!userAgent) return 'Unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name ? `${browser.name} ${browser.version?.split('.')[0] ?? ''}`.trim() : 'Unknown browser';
  return os.name ? `${name} on ${os.name}` : name;
}
