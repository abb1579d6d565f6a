export { formRoutes, loadForms, formTemplate, type FormsOptions } from './routes.ts';
export { DEFAULT_FORM_SETTINGS, type FormSettings } from './settings.ts';
