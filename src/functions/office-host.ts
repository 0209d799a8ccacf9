/** Office's display language ("uk-UA"), or null outside Office (tests, the browser harness). */
export function officeDisplayLanguage(): string | null {
  try {
    return typeof Office !== 'undefined' ? (Office.context?.displayLanguage ?? null) : null;
  } catch {
    return null;
  }
}
