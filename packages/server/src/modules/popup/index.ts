/** The popup module's API: the popup overlay's route. */
export { popupOverlayRoutes, type PopupOverlayRouteOptions } from './routes.ts';
