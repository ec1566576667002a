// Owns the request a tool call hands to the app (MCP3): a Request in every way the app reads one (URL, method,
// headers, body text), built without what a Web Request costs on each construction and the app never reads (an
// AbortSignal made transferable, a body stream). A tool call made a whole Request for its REST call; with the
// Request of the HTTP exchange around it that was most of the call's CPU (issue 36). @hono/node-server hands the
// app the same kind of light request for the same reason; anything else asked of it is a whole Request's answer.

const WHOLE = Symbol('whole request');

interface LightInit {
  method: string;
  headers: Record<string, string>;
  /** The JSON body's text, or undefined for none (GET, DELETE). */
  body?: string;
}

interface LightRequest extends Request {
  [WHOLE]?: Request;
}

const ENCODER = new TextEncoder();

/** The fields kept on a light request, under names no client code reads. */
interface LightFields {
  lightUrl: string;
  lightMethod: string;
  lightHeaderInit: Record<string, string>;
  lightHeaders?: Headers;
  lightBody: string | undefined;
  lightUsed: boolean;
}

type Light = LightRequest & LightFields;

/** The whole Request this light one stands for, made the first time something beyond the cheap parts is asked. */
function whole(request: Light): Request {
  request[WHOLE] ??= new Request(request.lightUrl, {
    method: request.lightMethod,
    headers: request.lightHeaders ?? request.lightHeaderInit,
    ...(request.lightBody === undefined ? {} : { body: request.lightBody }),
  });
  return request[WHOLE];
}

function taken(request: Light): string {
  if (request.lightUsed) throw new TypeError('Body is unusable: Body has already been read');
  request.lightUsed = true;
  return request.lightBody ?? '';
}

const lightPrototype: ThisType<Light> & Record<string, unknown> = {
  get url(): string {
    return this.lightUrl;
  },
  get method(): string {
    return this.lightMethod;
  },
  get headers(): Headers {
    return (this.lightHeaders ??= new Headers(this.lightHeaderInit));
  },
  get bodyUsed(): boolean {
    return this.lightUsed || (this[WHOLE]?.bodyUsed ?? false);
  },
  get body(): ReadableStream<Uint8Array> | null {
    return this.lightBody === undefined ? null : whole(this).body;
  },
  text(): Promise<string> {
    if (this[WHOLE]) return this[WHOLE].text();
    try {
      return Promise.resolve(taken(this));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new TypeError(String(error)));
    }
  },
  json(): Promise<unknown> {
    return this.text().then(JSON.parse);
  },
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.text().then((text) => ENCODER.encode(text).buffer);
  },
};
const WHOLE_FIELDS = ['signal', 'cache', 'credentials', 'destination', 'duplex', 'integrity', 'mode', 'redirect'];
for (const name of [...WHOLE_FIELDS, 'referrer', 'referrerPolicy', 'keepalive']) {
  Object.defineProperty(lightPrototype, name, {
    get(this: Light): unknown {
      return Reflect.get(whole(this), name);
    },
  });
}
for (const name of ['clone', 'blob', 'formData', 'bytes']) {
  Object.defineProperty(lightPrototype, name, {
    value(this: Light): unknown {
      const request = whole(this);
      const method: unknown = Reflect.get(request, name);
      if (typeof method !== 'function') throw new TypeError(`Request.${name} is not a function here`);
      return Reflect.apply(method, request, []);
    },
  });
}
// `instanceof Request` holds, as it does for @hono/node-server's light request.
Object.setPrototypeOf(lightPrototype, Request.prototype);

/**
 * A request to the app as cheap as its reads: the URL, method, headers and body text a tool call sends.
 * @example await app.fetch(innerRequest('http://127.0.0.1:4010/api/v2/me', { method: 'GET', headers }))
 */
export function innerRequest(url: string, init: LightInit): Request {
  const request = Object.create(lightPrototype) as Light;
  request.lightUrl = url;
  request.lightMethod = init.method;
  request.lightHeaderInit =
    init.body === undefined
      ? init.headers
      : { ...init.headers, 'content-length': String(ENCODER.encode(init.body).byteLength) };
  request.lightBody = init.body;
  request.lightUsed = false;
  return request;
}
