// The floor's provider object, installed by floor-provider.ts as node_modules/bench-floor-provider so
// that Pulumi stores `__provider` as a one-line require of it, exactly as it does for this package's
// own shim: the floor's state is then as thin as ours. No HTTP call anywhere. With
// BENCH_FLOOR_DELAY_MS set (in the provider process's environment), create, read, update and delete
// each wait that long, as a call to a service would: the engine's floor under the same latency.
"use strict";
const { randomUUID } = require("node:crypto");

const wait = () => {
  const ms = Number(process.env.BENCH_FLOOR_DELAY_MS || 0);
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined;
};

module.exports = {
  async create(inputs) {
    await wait();
    const uuid = randomUUID();
    return { id: uuid, outs: { ...inputs, uuid, createdAt: new Date().toISOString() } };
  },
  async update(_id, olds, news) {
    await wait();
    return { outs: { ...news, uuid: olds.uuid, createdAt: olds.createdAt, updatedAt: new Date().toISOString() } };
  },
  async read(id, props) {
    await wait();
    return { id, props };
  },
  async delete() {
    await wait();
  },
};
