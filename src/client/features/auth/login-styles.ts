// The sign-in screens' shared look: its own module so the lazily loaded code step needs no import back.
export const LOGIN_MAIN_CLASS =
  'flex min-h-screen items-center justify-center bg-[radial-gradient(ellipse_at_top,_#2a2410_0%,_#0b0b0f_60%)] px-4';
export const LOGIN_CARD_CLASS = 'w-full max-w-md rounded-2xl border border-line bg-panel/90 p-8 shadow-2xl';
