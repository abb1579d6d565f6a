export {
  deleteSubmission,
  formDefinitions,
  formParams,
  listForms,
  listSubmissions,
  setSubmissionStatus,
  submissionDetail,
  submissionFilter,
  submissionParams,
  submissionQuery,
  submissionStatusBody,
  submissionsCsv,
  type CsvExport,
} from './admin-submissions.ts';
export { formRoutes, loadForms, formTemplate, type FormsOptions } from './routes.ts';
export { DEFAULT_FORM_SETTINGS, type FormSettings } from './settings.ts';
