// The lifecycle of what the API cannot create or delete (a page, an alert): taken over with a PATCH of the
// declared fields, updated with a PATCH of the whole declared state, released without a request.
import type { UptimeClient } from "./api/client";
import { readObject, unlessGone } from "./gone";
import { diff, type StateOf } from "./model/engine";
import type { BodyOf, InputsOf, OutputsOf, Resource } from "./model/field";
import type { CheckResult } from "./model/values";

type Checked<S extends Resource> = CheckResult<InputsOf<S>> | Promise<CheckResult<InputsOf<S>>>;

/** `S` its table, `R` its record, `X` what its operations take beside (a page's image source), `C` its check's answer. */
export interface AdoptedKind<S extends Resource, R extends { uuid: string }, X = undefined, C extends Checked<S> = Checked<S>> {
  spec: S;
  check(news: Record<string, unknown>, extra?: X): C;
  patch(client: UptimeClient, uuid: string, body: BodyOf<S>): Promise<R>;
  get(client: UptimeClient, uuid: string): Promise<R>;
  body(news: InputsOf<S>, olds: OutputsOf<S, R> | undefined, extra: X | undefined): Promise<BodyOf<S>> | BodyOf<S>;
  outputs(record: R, news: InputsOf<S>, olds: OutputsOf<S, R> | undefined): OutputsOf<S, R>;
  readBack(record: R, props: OutputsOf<S, R>): { props: OutputsOf<S, R>; inputs: InputsOf<S> };
}

export function adoptedLifecycle<S extends Resource, R extends { uuid: string }, X, C extends Checked<S>>(kind: AdoptedKind<S, R, X, C>) {
  type Inputs = InputsOf<S>;
  type Outputs = OutputsOf<S, R>;
  const noun = kind.spec.kind;
  const describe = (object: object, uuid: string) => {
    const name = (object as { name?: unknown }).name;
    return `${noun} ${uuid}${typeof name === "string" ? ` (${JSON.stringify(name)})` : ""}`;
  };

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

  const lifecycle = {
    check: kind.check,
    /** A different `uuid` is another object: replaced (the new one taken over, the old one released). */
    diff: (olds: StateOf, news: Inputs) => diff(kind.spec, olds, news),

    async create(client: UptimeClient, inputs: Inputs & { uuid: string }, extra?: X): Promise<{ id: string; outs: Outputs }> {
      const record = await patch(client, inputs.uuid, inputs, undefined, extra);
      return { id: record.uuid, outs: kind.outputs(record, inputs, undefined) };
    },

    async update(client: UptimeClient, id: string, olds: Outputs, news: Inputs, extra?: X): Promise<{ outs: Outputs }> {
      const record = await patch(client, id, news, olds, extra);
      return { outs: kind.outputs(record, news, olds) };
    },

    async read(client: UptimeClient, id: string, props: Outputs) {
      const read = await readObject(client, () => kind.get(client, id));
      return read.kind === "found" ? { kind: "found" as const, id: read.record.uuid, ...kind.readBack(read.record, props) } : read;
    },
  };
  return {
    ...lifecycle,
    /** As the provider objects run it (providers.ts): the client got at each call, a release only said. */
    hosted: (client: () => UptimeClient, info: (message: string) => void) => ({
      kind: noun,
      check: (news: Record<string, unknown>) => kind.check(news),
      diff: (_id: string, olds: Outputs, news: Inputs) => lifecycle.diff(olds, news),
      create: (inputs: Inputs & { uuid: string }) => lifecycle.create(client(), inputs),
      read: (id: string, props: Outputs) => lifecycle.read(client(), id, props),
      update: (id: string, olds: Outputs, news: Inputs) => lifecycle.update(client(), id, olds, news),
      delete: async (id: string, props: Outputs) =>
        info(
          `${describe(props, id)} released: removed from the stack and left in the service as it is (${noun}s cannot be deleted through the API)`,
        ),
    }),
  };
}
