import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transport } from '../../src/core/request/transport';

const answerText = readFileSync(join(__dirname, '..', 'fixtures', 'answers', 'post-all-registries.json'), 'utf8');

describe('answer schemas load after the first request, not with the code that asks', () => {
  it('the client sends before the schemas are built, then reads the answer with them', async () => {
    await jest.isolateModulesAsync(async () => {
      let built = false;
      jest.doMock('../../src/core/protocol/schema', () => {
        built = true;
        return jest.requireActual('../../src/core/protocol/schema');
      });
      const { CheckListsClient } = await import('../../src/core/request/client');
      expect(built).toBe(false);

      const builtAtSend: boolean[] = [];
      let release: () => void = () => undefined;
      const transport: Transport = {
        send: () => {
          builtAtSend.push(built);
          return new Promise((resolve) => {
            release = () => resolve({ status: 200, contentType: 'application/json', text: answerText });
          });
        },
      };
      const client = new CheckListsClient({
        addresses: ['https://checklists.invalid'],
        credentials: { tokken: 'tokken-for-this-test-only', idSubjectFM: 'demo-subject' },
        transport,
        retries: 0,
      });
      const searching = client.search({ name: 'Коваленко Олександр Петрович' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      // Warmed in the idle wait for the answer, never between the requests of one turn.
      expect([builtAtSend, built]).toEqual([[false], true]);
      release();
      const answer = await searching;
      expect(answer.envelope.registries.peps).toEqual(expect.objectContaining({ status: 'ok' }));
      expect(answer.envelope.header.idinternal).toBe('row-17');
    });
  });

  it('an answer read before any warm-up still loads them', async () => {
    await jest.isolateModulesAsync(async () => {
      const { answerSchema } = await import('../../src/core/answer/answer-schema');
      const schema = await answerSchema();
      expect(schema.parsePostAnswer(JSON.parse(answerText)).header.idinternal).toBe('row-17');
      expect(await answerSchema()).toBe(schema);
    });
  });
});
