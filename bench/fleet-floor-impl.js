// The fleet's floor (installed by fleet-floor-provider.ts as node_modules/bench-fleet-floor-provider):
// one dynamic resource holding every member, whose provider makes no HTTP call. Each member's output
// echoes its inputs plus a uuid, a timestamp and the declared paths, about the size of a MonitorFleet
// member's, so the engine handles as many bytes as for ours. With BENCH_FLOOR_DELAY_MS set, an
// operation waits as a fleet's requests would take at 16 in flight: ceil(members / 16) x that delay.
"use strict";
const { randomUUID } = require("node:crypto");

const IN_FLIGHT = 16;
const wait = (members) => {
  const ms = Number(process.env.BENCH_FLOOR_DELAY_MS || 0) * Math.ceil(members / IN_FLIGHT);
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined;
};
const member = (inputs, uuid, createdAt) => ({ ...inputs, uuid, createdAt, declaredFields: Object.keys(inputs).sort() });
const outputs = (monitors) => ({ monitors, uuids: Object.fromEntries(Object.entries(monitors).map(([k, m]) => [k, m.uuid])) });

module.exports = {
  async create(inputs) {
    const now = new Date().toISOString();
    await wait(Object.keys(inputs.monitors).length);
    const monitors = Object.fromEntries(Object.entries(inputs.monitors).map(([k, m]) => [k, member(m, randomUUID(), now)]));
    return { id: `fleet-${randomUUID()}`, outs: outputs(monitors) };
  },
  async update(_id, olds, news) {
    const now = new Date().toISOString();
    const old = olds.monitors || {};
    const changed = Object.keys(news.monitors).filter((k) => {
      if (!old[k]) return true;
      const { uuid: _u, createdAt: _c, declaredFields: _d, ...was } = old[k];
      return JSON.stringify(was) !== JSON.stringify(news.monitors[k]);
    });
    await wait(changed.length + Object.keys(old).filter((k) => !(k in news.monitors)).length);
    const monitors = Object.fromEntries(
      Object.entries(news.monitors).map(([k, m]) => [k, member(m, old[k] ? old[k].uuid : randomUUID(), old[k] ? old[k].createdAt : now)]),
    );
    return { outs: outputs(monitors) };
  },
  async read(id, props) {
    await wait(Object.keys(props.monitors || {}).length);
    return { id, props };
  },
  async delete(_id, props) {
    await wait(Object.keys(props.monitors || {}).length);
  },
};
