/** Whether a path is the API's (pages and their files are not): the service worker keeps them apart. */
export const isApiPath = (pathname: string) => pathname.startsWith('/api/');
