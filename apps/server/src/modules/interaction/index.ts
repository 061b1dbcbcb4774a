// owns tables: interaction_questions, interaction_templates, interaction_calendar_years, interaction_calendar_days
/** Questions to the office (咨询留言): users ask, the office assigns, answers or forwards within working days on its holiday calendar (/api/portal/questions…, /api/user/questions…, /api/admin/questions…, /api/admin/working-calendar…). */
export { default as interactionRoutes } from './routes.ts';
export { currentYearMaintained, overdueQuestions } from './health.ts';
export { ageQuestion, questionsExportOf } from './repository.ts';
