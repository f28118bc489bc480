// A share link's inputs in the form before Python has started: the reader
// sees the sender's numbers at once, with the result marked as coming.
// Display only: when Python answers, the form shows what Python decoded
// (calculators.js). So that the two agree, this decodes a link by the same
// rules as calculators/share_link.py, from what the form declares: each
// control's limits, data-pattern, data-at-most. A test compares the two over
// fuzzed links (tests/browser/test_share_link_prefill.py). Values are set
// as control values only, never as markup.

const MAX_QUERY_LENGTH = 4096;
const MAX_FIELDS = 100;
const INTEGER = /^(0|-?[1-9][0-9]{0,17})$/;

/** urllib.parse.unquote after "+" -> " ": runs of valid %XX are UTF-8 bytes; anything else stays as written. */
function unquote(text) {
  const spaced = text.replaceAll("+", " ");
  return spaced.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = Uint8Array.from(run.match(/%../g), (escape) => parseInt(escape.slice(1), 16));
    return new TextDecoder("utf-8").decode(bytes);
  });
}

/** urllib.parse.parse_qsl(keep_blank_values=True, max_num_fields=MAX_FIELDS), or [] where Python refuses the link. */
function pairs(query) {
  const text = query.startsWith("?") ? query.slice(1) : query;
  const parts = text.split("&");
  if (text.length > MAX_QUERY_LENGTH || parts.length > MAX_FIELDS) return [];
  return parts.filter(Boolean).map((part) => {
    const at = part.indexOf("=");
    return at < 0 ? [unquote(part), ""] : [unquote(part.slice(0, at)), unquote(part.slice(at + 1))];
  });
}

/** The calculator ids the link's keys name (``<calc id>.<input>``), as share_link._split reads them. */
export function linkedCalculators(query) {
  return new Set(pairs(query).map(([key]) => key).filter((key) => key.includes(".")).map((key) => key.slice(0, key.indexOf("."))));
}

/** What one field of the form declares (calculators.model: IntegerInput, ChoiceInput, BooleanInput, TextInput). */
function declared(field) {
  const name = field.dataset.input;
  const control = field.querySelector(`[name="${name}"]`);
  const kind = field.dataset.kind;
  const spec = { name, kind, control, atMost: field.dataset.atMost ?? null };
  if (kind === "integer") Object.assign(spec, { min: BigInt(control.min), max: BigInt(control.max), fallback: control.defaultValue });
  else if (kind === "choice") {
    const options = Array.from(control.options);
    spec.choices = options.map((option) => option.value);
    spec.fallback = (options.find((option) => option.defaultSelected) ?? options[0]).value;
  } else if (kind === "boolean") spec.fallback = control.defaultChecked ? "true" : "false";
  else {
    spec.maxLength = Number(control.maxLength);
    spec.fallback = control.defaultValue;
    try {
      spec.pattern = new RegExp(`^(?:${field.dataset.pattern ?? ""})$`, "u");
    } catch {
      spec.pattern = null; // not a pattern this browser can read: the value waits for Python
    }
  }
  return spec;
}

/** The value as the form holds it (a string), or null where Python's parse_value rejects it. */
function parsed(spec, raw) {
  if (spec.kind === "integer") {
    if (!INTEGER.test(raw)) return null;
    const value = BigInt(raw);
    return value >= spec.min && value <= spec.max ? String(value) : null;
  }
  if (spec.kind === "choice") return spec.choices.includes(raw) ? raw : null;
  if (spec.kind === "boolean") return raw === "true" || raw === "false" ? raw : null;
  return spec.pattern && [...raw].length <= spec.maxLength && spec.pattern.test(raw) ? raw : null;
}

/** The first at_most tie the values break, as share_link._linked meets it through compute. */
function brokenTie(specs, values) {
  return specs.find((spec) => spec.atMost && spec.atMost in values && BigInt(values[spec.name]) > BigInt(values[spec.atMost]));
}

/**
 * The inputs the link gives each calculator section: {calc id: {input: value as a form string}},
 * only for sections the link names. share_link.decode, less the ties no form declares.
 */
export function linkedInputs(query, sections) {
  const byId = new Map(sections.map((section) => [section.dataset.calc, section]));
  const raw = new Map();
  for (const [key, value] of pairs(query)) {
    const dot = key.indexOf(".");
    if (dot < 0 || !byId.has(key.slice(0, dot))) continue;
    const [id, name] = [key.slice(0, dot), key.slice(dot + 1)];
    if (!raw.has(id)) raw.set(id, new Map());
    const fields = raw.get(id);
    fields.set(name, fields.has(name) ? null : value); // given twice: the default is kept
  }
  const linked = {};
  for (const [id, fields] of raw) {
    const specs = Array.from(byId.get(id).querySelectorAll(".rr-calc__field"), declared);
    const values = Object.fromEntries(specs.map((spec) => [spec.name, spec.fallback]));
    const fromLink = [];
    for (const [name, value] of fields) {
      const spec = specs.find((candidate) => candidate.name === name);
      const accepted = spec && value !== null ? parsed(spec, value) : null;
      if (accepted !== null) {
        values[name] = accepted;
        fromLink.push(name);
      }
    }
    for (let tie = brokenTie(specs, values); tie && fromLink.length; tie = brokenTie(specs, values)) {
      for (const name of fromLink.includes(tie.name) ? [tie.name] : [...fromLink]) {
        values[name] = specs.find((spec) => spec.name === name).fallback;
        fromLink.splice(fromLink.indexOf(name), 1);
      }
    }
    linked[id] = values;
  }
  return linked;
}
