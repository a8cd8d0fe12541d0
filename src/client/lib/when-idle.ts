/**
 * Runs `task` once the page has loaded and the main thread is idle: code the first paint does not need (the
 * toaster, a tile's modal) is fetched then, so it is ready before it is asked for without competing with the
 * first screen's bytes on a slow network.
 */
export function whenIdle(task: () => void) {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task());
    else setTimeout(task, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
