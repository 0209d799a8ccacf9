import '../support/ui-setup';
import { FluentProvider, makeStyles, webLightTheme } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';

// ui-setup.ts keeps only the CSS rules the UI tests can observe in jsdom: what hides an element
// must still hide it, and a rule of colours alone never reaches the sheets.
const useStyles = makeStyles({
  hidden: { display: 'none' },
  invisible: { visibility: 'hidden' },
  clear: { opacity: 0 },
  tinted: { color: 'rgb(1, 2, 3)', backgroundColor: 'rgb(4, 5, 6)' },
});

function Sample() {
  const styles = useStyles();
  return (
    <div>
      <button className={styles.hidden}>gone</button>
      <button className={styles.invisible}>unseen</button>
      <span className={styles.clear}>clear</span>
      <button className={styles.tinted}>shown</button>
    </div>
  );
}

function renderedRules(): string[] {
  return [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
}

describe('the CSS rules the UI tests see', () => {
  it('still hides what Fluent hides with display, visibility or opacity', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <Sample />
      </FluentProvider>,
    );
    expect(screen.queryByRole('button', { name: 'gone' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'unseen' })).toBeNull();
    expect(screen.getByText('clear')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'shown' })).toBeVisible();
  });

  it('drops a rule of colours alone', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <Sample />
      </FluentProvider>,
    );
    const rules = renderedRules();
    expect(rules.some((r) => r.includes('display: none'))).toBe(true);
    expect(rules.some((r) => r.includes('rgb(1, 2, 3)') || r.includes('rgb(4, 5, 6)'))).toBe(false);
    expect(window.getComputedStyle(screen.getByRole('button', { name: 'shown' })).color).not.toBe('rgb(1, 2, 3)');
  });
});
