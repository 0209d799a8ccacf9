/**
 * Which ExcelApi requirement set this Excel has. manifest.xml declares ExcelApi 1.7, the level
 * everything the add-in needs works at; an API above it is used only after asking here, with a
 * fallback or a message where the answer is no.
 * https://learn.microsoft.com/en-us/office/dev/add-ins/develop/specify-office-hosts-and-api-requirements
 */

interface RequirementsGlobal {
  Office?: { context?: { requirements?: { isSetSupported?: (name: string, minVersion?: string) => boolean } } };
}

/**
 * Office.context.requirements.isSetSupported("ExcelApi", version). Where it cannot be asked
 * (no Office global: Node tools), the newest behaviour is assumed, as nothing older runs there.
 */
export function excelApiSupported(version: string): boolean {
  const requirements = (globalThis as RequirementsGlobal).Office?.context?.requirements;
  if (typeof requirements?.isSetSupported !== 'function') return true;
  try {
    return requirements.isSetSupported('ExcelApi', version);
  } catch {
    return false;
  }
}
