/**
 * The demo account's credentials, on their own so the add-in can name them without loading the
 * sandbox engine and its generated data (only demo mode needs those, and loads them on demand).
 */
export const DEMO_CREDENTIALS = { tokken: 'demo-tokken', idSubjectFM: 'demo-subject' } as const;
