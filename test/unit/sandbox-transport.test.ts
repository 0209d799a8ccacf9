import { CheckListsClient } from '../../src/core/request/client';
import { AccountError, ServiceUnreachableError } from '../../src/core/protocol/errors';
import { parseQuery } from '../../src/core/query';
import { summarize } from '../../src/core/answer/summary';
import { DEMO_CREDENTIALS, KNOWN, createSandboxEngine, sandboxTransport, type Sleep } from '../../src/sandbox';

const ADDRESS = 'https://sandbox.checklists.invalid';

describe('sandboxTransport (in-process)', () => {
  it('serves the core client in POST and GET form', async () => {
    const client = new CheckListsClient({
      addresses: [ADDRESS],
      credentials: DEMO_CREDENTIALS,
      transport: sandboxTransport(createSandboxEngine()),
    });
    const query = parseQuery({
      name: KNOWN.pepSanctioned.name,
      date: KNOWN.pepSanctioned.date,
      listdata: 'peps, psanctions',
    });
    for (const method of ['POST', 'GET'] as const) {
      const answer = await client.search(query, { method });
      expect(answer.method).toBe(method);
      expect(answer.envelope.problems).toEqual([]);
      const summary = summarize(answer.envelope, ['peps', 'psanctions']);
      expect(summary.verdict).toBe('high');
      expect(summary.registries.map((r) => [r.key, r.hits, r.bestLevel])).toEqual([
        ['peps', 1, 'high'],
        ['psanctions', 1, 'high'],
      ]);
    }
  });

  it('waits out a fault delay with the injected sleep', async () => {
    const waited: number[] = [];
    const sleep: Sleep = async (ms) => {
      waited.push(ms);
    };
    const transport = sandboxTransport(createSandboxEngine({ faults: { latencyMs: 1234 } }), { sleep });
    const answer = await transport.send({
      url: `${ADDRESS}/api?tokken=demo-tokken&IDsubjectFM=demo-subject&listdata=0`,
      method: 'GET',
      headers: {},
      signal: new AbortController().signal,
    });
    expect(answer.status).toBe(200);
    expect(waited).toEqual([1234]);
  });

  it('rejects like a network error when the connection is dropped, without quoting the URL', async () => {
    const transport = sandboxTransport(createSandboxEngine({ faults: { dropRate: 1 } }));
    const url = `${ADDRESS}/api?tokken=${DEMO_CREDENTIALS.tokken}&IDsubjectFM=${DEMO_CREDENTIALS.idSubjectFM}`;
    const sent = transport.send({ url, method: 'GET', headers: {}, signal: new AbortController().signal });
    await expect(sent).rejects.toThrow(TypeError);
    await expect(sent).rejects.not.toThrow(DEMO_CREDENTIALS.tokken);
  });

  it('gives up when the caller aborts during the delay', async () => {
    const transport = sandboxTransport(createSandboxEngine({ faults: { latencyMs: 60_000 } }));
    const controller = new AbortController();
    const sent = transport.send({
      url: `${ADDRESS}/api`,
      method: 'POST',
      headers: {},
      body: '{}',
      signal: controller.signal,
    });
    controller.abort();
    // The signal's own reason (an AbortError), as fetch rejects: the client tells a cancel from a failure by it.
    await expect(sent).rejects.toBe(controller.signal.reason);
  });

  it('lets the client see quota exhaustion as an account error that stops everything', async () => {
    const client = new CheckListsClient({
      addresses: [ADDRESS],
      credentials: DEMO_CREDENTIALS,
      transport: sandboxTransport(createSandboxEngine({ faults: { quota: 1 } })),
    });
    const query = parseQuery({ name: 'Петро', listdata: 'peps' });
    await client.search(query);
    const failure = client.search(query);
    await expect(failure).rejects.toBeInstanceOf(AccountError);
    await expect(failure).rejects.toMatchObject({ code: 11, isQuota: true, stopsEverything: true });
  });

  it('makes the client give up after a dropped connection on its only address', async () => {
    const client = new CheckListsClient({
      addresses: [ADDRESS],
      credentials: DEMO_CREDENTIALS,
      retries: 0,
      transport: sandboxTransport(createSandboxEngine({ faults: { dropRate: 1 } })),
    });
    await expect(client.search(parseQuery({ name: 'Петро' }))).rejects.toBeInstanceOf(ServiceUnreachableError);
  });
});
