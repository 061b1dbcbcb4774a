/**
 * The small request layer under `http.ts`: what the app used of axios (base URL, default headers,
 * timeout, JSON / Blob / ArrayBuffer answers, upload progress) on XMLHttpRequest, at a tenth of
 * axios's size, so every public page loads less script (docs/decisions/0030). XHR rather than fetch
 * because uploads report progress.
 */

export type ResponseType = 'json' | 'blob' | 'arraybuffer';

export interface UploadProgress {
  loaded: number;
  total?: number;
}

/** What a caller may set per request. */
export interface RequestConfig {
  headers?: Record<string, string>;
  /** Milliseconds; 0 waits for ever (large uploads). */
  timeout?: number;
  responseType?: ResponseType;
  onUploadProgress?: (e: UploadProgress) => void;
}

/** One request as the adapter sees it: the defaults merged in, the body encoded. */
export interface ResolvedRequest {
  method: string;
  url: string;
  baseURL: string;
  headers: Record<string, string>;
  timeout: number;
  responseType: ResponseType;
  body: XMLHttpRequestBodyInit | null;
  onUploadProgress?: (e: UploadProgress) => void;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  request: ResolvedRequest;
}

export type Adapter = (req: ResolvedRequest) => Promise<HttpResponse>;

/** A request that got no usable answer: network down, timeout, or an HTTP status outside 2xx. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: 'ECONNABORTED' | 'ERR_NETWORK' | 'ERR_BAD_RESPONSE',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

function parseHeaders(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return out;
}

/** JSON when the text is JSON, else the text itself (an empty answer stays ''), as axios did. */
function parseJson(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const xhrAdapter: Adapter = (req) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(req.method, req.baseURL + req.url);
    for (const [k, v] of Object.entries(req.headers)) xhr.setRequestHeader(k, v);
    xhr.timeout = req.timeout;
    xhr.responseType = req.responseType === 'json' ? 'text' : req.responseType;
    if (req.onUploadProgress) {
      const report = req.onUploadProgress;
      xhr.upload.onprogress = (e) => report({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    }
    xhr.onload = () => {
      const data = req.responseType === 'json' ? parseJson(xhr.responseText) : (xhr.response as unknown);
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(new TransportError(`Request failed with status code ${xhr.status}`, 'ERR_BAD_RESPONSE', xhr.status));
      resolve({ data, status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()), request: req });
    };
    xhr.ontimeout = () => reject(new TransportError(`timeout of ${req.timeout}ms exceeded`, 'ECONNABORTED'));
    xhr.onerror = () => reject(new TransportError('Network Error', 'ERR_NETWORK'));
    xhr.send(req.body);
  });

export interface ClientDefaults {
  baseURL: string;
  timeout: number;
  headers: Record<string, string>;
  adapter: Adapter;
}

/** Encodes a body as the caller meant it: FormData as multipart (the browser sets the boundary), strings as given, the rest as JSON. */
function encode(data: unknown, headers: Record<string, string>): XMLHttpRequestBodyInit | null {
  if (data === undefined) return null;
  if (data instanceof FormData) {
    for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-type') delete headers[k];
    return data;
  }
  if (typeof data === 'string' || data instanceof Blob || data instanceof URLSearchParams) return data;
  return JSON.stringify(data);
}

export function createClient(defaults: ClientDefaults) {
  const interceptors: {
    request: Array<(req: ResolvedRequest) => ResolvedRequest>;
    response: Array<{ ok: (res: HttpResponse) => HttpResponse | Promise<HttpResponse>; fail: (err: unknown) => Promise<never> }>;
  } = { request: [], response: [] };

  async function request<T>(method: string, url: string, data: unknown, config: RequestConfig = {}): Promise<HttpResponse<T>> {
    const headers = { ...defaults.headers, ...config.headers };
    let req: ResolvedRequest = {
      method,
      url,
      baseURL: defaults.baseURL,
      headers,
      timeout: config.timeout ?? defaults.timeout,
      responseType: config.responseType ?? 'json',
      body: encode(data, headers),
      onUploadProgress: config.onUploadProgress,
    };
    for (const f of interceptors.request) req = f(req);
    let pending: Promise<HttpResponse> = defaults.adapter(req);
    for (const { ok, fail } of interceptors.response) pending = pending.then(ok, fail);
    return (await pending) as HttpResponse<T>;
  }

  return {
    defaults,
    interceptors,
    request,
    get: <T>(url: string, config?: RequestConfig) => request<T>('GET', url, undefined, config),
    post: <T>(url: string, data?: unknown, config?: RequestConfig) => request<T>('POST', url, data, config),
  };
}
