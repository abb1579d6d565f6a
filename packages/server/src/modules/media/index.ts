/** The media module's API: the image routes (originals and resized variants). */
export { mediaRoutes, type MediaOptions } from './routes.ts';
