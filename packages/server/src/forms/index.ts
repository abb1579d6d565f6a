export { formRoutes, loadForms, formTemplate, type FormsOptions } from './routes.ts';
export { DEFAULT_FORM_SETTINGS, type FormSettings } from './settings.ts';
export { altchaProvider, type CaptchaProvider, type CaptchaVerdict } from './captcha.ts';
export { createMailer, queueMail, type Mailer } from './mail.ts';
