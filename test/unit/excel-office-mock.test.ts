import { OfficeMockObject } from 'office-addin-mock';

// office-addin-mock needs only the OfficeApp enum from office-addin-manifest, whose own
// dependencies ship as ES modules that jest's CommonJS runtime cannot load; stub that enum.
jest.mock('office-addin-manifest', () => ({
  OfficeApp: {
    Excel: 'excel',
    OneNote: 'onenote',
    Outlook: 'outlook',
    PowerPoint: 'powerpoint',
    Project: 'project',
    Word: 'word',
  },
}));
import { queueHighlightRules } from '../../src/excel/sheets';

// Cross-check with Microsoft's own mock that the queued calls have the shape Office.js expects
// (the workbook fake checks what they do).
describe('small Office calls against office-addin-mock', () => {
  it('queueHighlightRules sets rule formula and format on a Custom conditional format', () => {
    const added: string[] = [];
    const cf = new OfficeMockObject({
      custom: { rule: { formula: '' }, format: { fill: { color: '' }, font: { color: '', bold: false } } },
    });
    const range = new OfficeMockObject({
      conditionalFormats: {
        add(type: string) {
          added.push(type);
          return cf;
        },
      },
    });
    queueHighlightRules(range as unknown as Excel.Range, [
      { formula: '=$B2="x"', fill: '#FFC7CE', fontColor: '#9C0006', bold: true },
    ]);
    const m = cf as unknown as {
      custom: {
        rule: { formula: string };
        format: { fill: { color: string }; font: { color: string; bold: boolean } };
      };
    };
    expect(added).toEqual(['Custom']);
    expect(m.custom.rule.formula).toBe('=$B2="x"');
    expect(m.custom.format.fill.color).toBe('#FFC7CE');
    expect(m.custom.format.font.color).toBe('#9C0006');
    expect(m.custom.format.font.bold).toBe(true);
  });
});
