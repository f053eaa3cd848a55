// The dashboard's sections are the server's to know (it answers index.html under each): one list.
export { DASHBOARD_SECTIONS } from '../../../src/http/dashboard-sections.ts';
