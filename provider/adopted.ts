// The lifecycle of an object the API cannot create or delete (a page, an alert): created in the stack
// by taking it over with a PATCH of the declared fields, updated with a PATCH of the whole declared
// state, read back on refresh, and released from the stack without a request. "Gone" and
// "unsupported" are decided in gone.ts; what differs per kind (its check, requests, body and
// outputs) is the kind's own (page.ts, alert.ts). One provider object serves both (providers.ts).
import type { UptimeClient } from "./api/client";
import { readObject, unlessGone } from "./gone";
import { diff, type StateOf } from "./model/engine";
import type { BodyOf, InputsOf, OutputsOf, Resource } from "./model/field";

/**
 * What one kind of adopted object gives the lifecycle: its table `S`, its record `R`, and `X`, what
 * its operations take beside (a page's image source).
 */
export interface AdoptedKind<S extends Resource, R extends { uuid: string }, X = undefined> {
  spec: S;
  patch(client: UptimeClient, uuid: string, body: BodyOf<S>): Promise<R>;
  get(client: UptimeClient, uuid: string): Promise<R>;
  /** The PATCH body for `news`; `olds` is the state before an update (undefined when taking over). */
  body(news: InputsOf<S>, olds: OutputsOf<S, R> | undefined, extra: X | undefined): Promise<BodyOf<S>> | BodyOf<S>;
  /** The outputs after a PATCH answered with `record`. */
  outputs(record: R, news: InputsOf<S>, olds: OutputsOf<S, R> | undefined): OutputsOf<S, R>;
  /** The outputs and inputs a refresh keeps, from the record read and the state before. */
  readBack(record: R, props: OutputsOf<S, R>): { props: OutputsOf<S, R>; inputs: InputsOf<S> };
}

export function adoptedLifecycle<S extends Resource, R extends { uuid: string }, X = undefined>(kind: AdoptedKind<S, R, X>) {
  type Inputs = InputsOf<S>;
  type Outputs = OutputsOf<S, R>;
  const noun = kind.spec.kind;
  const describe = (object: object, uuid: string) => {
    const name = (object as { name?: unknown }).name;
    return `${noun} ${uuid}${typeof name === "string" ? ` (${JSON.stringify(name)})` : ""}`;
  };

  /** A PATCH of the object; a proven 404/410 says the uuid names no such object. */
  const patch = async (client: UptimeClient, uuid: string, news: Inputs, olds: Outputs | undefined, extra: X | undefined) => {
    const body = await kind.body(news, olds, extra);
    return unlessGone(
      client,
      () => kind.patch(client, uuid, body),
      (error) => {
        throw new Error(
          `${describe(news, uuid)}: the service has no ${noun} with this uuid (${error.status}). ` +
            `${noun[0].toUpperCase()}${noun.slice(1)}s cannot be created through the API, only taken over: create it in the service's ` +
            `dashboard and put its uuid here.`,
          { cause: error },
        );
      },
    );
  };

  return {
    kind: noun,
    /**
     * diff(): the declared fields (now or before) against the stored record; an empty list equals none.
     * A different `uuid` is another object: replace (take the new one over, release the old one).
     */
    diff: (olds: StateOf, news: Inputs) => diff(kind.spec, olds, news),

    /** create(): takes the object over by PATCHing the declared fields onto it. */
    async create(client: UptimeClient, inputs: Inputs & { uuid: string }, extra?: X): Promise<{ id: string; outs: Outputs }> {
      const record = await patch(client, inputs.uuid, inputs, undefined, extra);
      return { id: record.uuid, outs: kind.outputs(record, inputs, undefined) };
    },

    /** update(): PATCHes the full declared state, `null` for fields removed since the last update. */
    async update(client: UptimeClient, id: string, olds: Outputs, news: Inputs, extra?: X): Promise<{ outs: Outputs }> {
      const record = await patch(client, id, news, olds, extra);
      return { outs: kind.outputs(record, news, olds) };
    },

    /** read() for refresh: a proven 404/410 means gone; 405/501 mean the service cannot read such objects. */
    async read(client: UptimeClient, id: string, props: Outputs) {
      const read = await readObject(client, () => kind.get(client, id));
      return read.kind === "found" ? { kind: "found" as const, id: read.record.uuid, ...kind.readBack(read.record, props) } : read;
    },

    /** The message logged when the object leaves the stack: no request is made. */
    releaseMessage(id: string, props: object): string {
      return `${describe(props, id)} released: removed from the stack and left in the service as it is (${noun}s cannot be deleted through the API)`;
    },
  };
}
