/**
 * The structure HAR 1.2 requires (http://www.softwareishard.com/blog/har-12-spec/), checked by
 * hand: every required field present with its type. Returns the problems found, none when valid.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

export function harProblems(doc: unknown): string[] {
  const problems: string[] = [];
  const need = (obj: Json, where: string, field: string, type: 'string' | 'number' | 'object' | 'array'): unknown => {
    const value = obj[field];
    const ok = type === 'array' ? Array.isArray(value) : type === 'object' ? isObject(value) : typeof value === type;
    if (!ok) problems.push(`${where}.${field} should be ${type === 'array' || type === 'object' ? `an ${type}` : `a ${type}`}`);
    return value;
  };
  const optional = (obj: Json, where: string, field: string, type: 'string' | 'number'): void => {
    if (field in obj && typeof obj[field] !== type) problems.push(`${where}.${field} should be a ${type}`);
  };
  const nameValues = (value: unknown, where: string): void => {
    if (!Array.isArray(value)) return;
    value.forEach((nv, i) => {
      if (!isObject(nv)) return problems.push(`${where}[${i}] should be an object`);
      need(nv, `${where}[${i}]`, 'name', 'string');
      need(nv, `${where}[${i}]`, 'value', 'string');
    });
  };

  if (!isObject(doc)) return ['the document should be an object'];
  const log = need(doc, '', 'log', 'object');
  if (!isObject(log)) return problems;
  if (log.version !== '1.2') problems.push('log.version should be "1.2"');
  const creator = need(log, 'log', 'creator', 'object');
  if (isObject(creator)) {
    need(creator, 'log.creator', 'name', 'string');
    need(creator, 'log.creator', 'version', 'string');
  }
  const entries = need(log, 'log', 'entries', 'array');
  if (!Array.isArray(entries)) return problems;
  entries.forEach((entry, i) => {
    const at = `log.entries[${i}]`;
    if (!isObject(entry)) return problems.push(`${at} should be an object`);
    const started = need(entry, at, 'startedDateTime', 'string');
    if (typeof started === 'string' && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(started)) {
      problems.push(`${at}.startedDateTime should be ISO 8601`);
    }
    need(entry, at, 'time', 'number');
    need(entry, at, 'cache', 'object');
    const request = need(entry, at, 'request', 'object');
    if (isObject(request)) {
      const r = `${at}.request`;
      need(request, r, 'method', 'string');
      const url = need(request, r, 'url', 'string');
      if (typeof url === 'string' && !/^https?:\/\//.test(url)) problems.push(`${r}.url should be absolute`);
      need(request, r, 'httpVersion', 'string');
      nameValues(need(request, r, 'cookies', 'array'), `${r}.cookies`);
      nameValues(need(request, r, 'headers', 'array'), `${r}.headers`);
      nameValues(need(request, r, 'queryString', 'array'), `${r}.queryString`);
      need(request, r, 'headersSize', 'number');
      need(request, r, 'bodySize', 'number');
    }
    const response = need(entry, at, 'response', 'object');
    if (isObject(response)) {
      const r = `${at}.response`;
      need(response, r, 'status', 'number');
      need(response, r, 'statusText', 'string');
      need(response, r, 'httpVersion', 'string');
      nameValues(need(response, r, 'cookies', 'array'), `${r}.cookies`);
      nameValues(need(response, r, 'headers', 'array'), `${r}.headers`);
      const content = need(response, r, 'content', 'object');
      if (isObject(content)) {
        need(content, `${r}.content`, 'size', 'number');
        need(content, `${r}.content`, 'mimeType', 'string');
        optional(content, `${r}.content`, 'text', 'string');
      }
      need(response, r, 'redirectURL', 'string');
      need(response, r, 'headersSize', 'number');
      need(response, r, 'bodySize', 'number');
    }
    const timings = need(entry, at, 'timings', 'object');
    if (isObject(timings)) {
      for (const f of ['send', 'wait', 'receive']) {
        const v = need(timings, `${at}.timings`, f, 'number');
        if (typeof v === 'number' && v < 0) problems.push(`${at}.timings.${f} should not be negative`);
      }
      for (const f of ['blocked', 'dns', 'connect', 'ssl']) optional(timings, `${at}.timings`, f, 'number');
    }
    for (const key of Object.keys(entry)) {
      if (!['startedDateTime', 'time', 'request', 'response', 'cache', 'timings', 'pageref', 'serverIPAddress', 'connection', 'comment'].includes(key) && !key.startsWith('_')) {
        problems.push(`${at}.${key} is not a HAR field (custom fields start with _)`);
      }
    }
  });
  return problems;
}
