import { chainHash, GENESIS, sha256 } from './answer-archive';
import type { ArchiveEntry, ArchiveRow, RelayStore } from './store/port';

/**
 * An answer archive chain kept by the relay itself. Each paid answer's row, id and chain hash
 * included, is made here in the order answers arrive, so that it can be made durable in the
 * evidence spool at once (./evidence-spool.ts) and reach the database with a later commit that
 * nobody waits for: the row is whole, so the order in which rows are inserted does not matter.
 * One writer per chain: an instance alone on its database (the embedded store, whose data folder
 * one process holds) keeps the database's chain (id null); by URL, a relay with a spool folder
 * keeps a chain of its own, named in the folder (one relay per folder), beside the database's,
 * which relays without one append to under its lock. The hash is answer-archive.ts's, which
 * verify checks every row with.
 */
export class ArchiveChain {
  private spare: number[] = [];
  /** Rows are made one at a time: an id block's round trip must not let a later answer take an earlier id. */
  private turn: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly store: RelayStore,
    private readonly chainId: string | null,
    private head: Buffer,
    private lastId: number,
  ) {}

  /** The chain from its head in `store`, read once every row a crash left in the spool is in. */
  static async open(store: RelayStore, chainId: string | null): Promise<ArchiveChain> {
    const head = await store.archiveHead(chainId);
    return new ArchiveChain(store, chainId, head?.chain ?? GENESIS, head?.id ?? 0);
  }

  /** The next row of the chain, for `entry`; rows are made in the order asked for. */
  next(entry: ArchiveEntry): Promise<ArchiveRow> {
    const made = this.turn.then(() => this.make(entry));
    this.turn = made.catch(() => undefined);
    return made;
  }

  private async make(entry: ArchiveEntry): Promise<ArchiveRow> {
    let id = await this.nextId();
    // Ids are the chain's order (verify walks them so). A sequence behind the head (rows put in
    // with their own ids by a role that could not move it) is moved once; still behind, another
    // writer has the chain, and a row made now would break it.
    if (id <= this.lastId) {
      this.spare = [];
      await this.store.advanceArchiveIds(this.lastId);
      id = await this.nextId();
      if (id <= this.lastId) throw new Error(`the archive's sequence (${id}) is behind its chain (${this.lastId})`);
    }
    const answerSha256 = sha256(entry.answer);
    const chain = chainHash(this.head, { ...entry, id, answerSha256 });
    this.head = chain;
    this.lastId = id;
    return { ...entry, id, answerSha256, chain, chainId: this.chainId };
  }

  private async nextId(): Promise<number> {
    if (this.spare.length === 0) this.spare = await this.store.reserveArchiveIds(256);
    return this.spare.shift() as number;
  }
}
