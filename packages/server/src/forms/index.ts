export {
  formRoutes,
  loadForms,
  formTemplate,
  DEFAULT_FORM_SETTINGS,
  type FormSettings,
  type FormsOptions,
} from './routes.ts';
export { altchaProvider, type CaptchaProvider, type CaptchaVerdict } from './captcha.ts';
export { createMailer, queueMail, type Mailer } from './mail.ts';
