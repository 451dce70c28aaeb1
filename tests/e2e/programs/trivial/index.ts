import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();
const provider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `greeting-${inputs.text.length}`, outs: { text: inputs.text, shout: String(inputs.text).toUpperCase() } };
  },
  async diff(_id, olds, news) {
    return { changes: olds.text !== news.text };
  },
  async update(_id, _olds, news) {
    return { outs: { text: news.text, shout: String(news.text).toUpperCase() } };
  },
};

class Greeting extends pulumi.dynamic.Resource {
  declare readonly shout: pulumi.Output<string>;
  constructor(name: string, text: string) {
    super(provider, name, { text, shout: undefined }, {}, "e2e", "Greeting");
  }
}

const greeting = new Greeting("greeting", config.get("text") ?? "hello");
export const shout = greeting.shout;
export const id = greeting.id;
