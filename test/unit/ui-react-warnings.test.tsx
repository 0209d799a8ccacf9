import '../support/ui-setup';
import { render } from '@testing-library/react';

// ui-setup.ts spares React's development build its per-element owner stacks; its warnings must still
// reach the console, or a test could not see a mistake React points out.
function List({ items }: { items: string[] }) {
  // The missing key is the point.
  return (
    <ul>
      {items.map((item) => (
        <li>{item}</li>
      ))}
    </ul>
  );
}

it('still reports React’s development warnings, a list without keys among them', () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    render(<List items={['a', 'b']} />);
    const said = errors.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
    expect(said).toMatch(/unique "key" prop/);
  } finally {
    errors.mockRestore();
  }
});
