/** A name for a downloaded file made from a title: letters, digits and dashes only, never empty. */
export const downloadName = (text: string, fallback = 'export') =>
  text
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || fallback;
