// The system feature's public surface for other features (the admin area's routes and sign-in).
export { NotFoundPage } from './not-found-page.tsx';
export { Redirect } from './redirect.tsx';
