// Render a calculator's reply (calculators.model.result_json) into the page:
// the same elements build_tools/markdown/calculators.py writes at build time.
// Everything from a reply or a link is set as text, never parsed as HTML.

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// " (5.44)": the rule a line rests on, linked when the site has it, or to
// where it stood when a version removed it. ``citation(rule)`` says which:
// {href, removedIn: the version's label or null}, or null.
function cite(parent, rule, citation) {
  if (!rule) return;
  parent.append(parent.childNodes.length ? " (" : "(");
  const cited = citation(rule);
  let link;
  if (cited?.removedIn) {
    link = element("a", "rr-ref rr-ref--removed", rule);
    link.href = cited.href;
    link.title = `${rule} was removed in ${cited.removedIn}`;
  } else if (cited) {
    link = element("a", "rr-ref", rule);
    link.href = cited.href;
  } else {
    link = element("span", "rr-ref rr-ref--missing", rule);
    link.title = `${rule} is not in this reference`;
  }
  link.dataset.rule = rule;
  parent.append(link, ")");
}

export function renderResult(container, result, citation) {
  const live = element("div", "rr-calc__live");
  live.setAttribute("aria-live", "polite");
  const message = element("p", "rr-calc__message");
  message.hidden = true;
  const outputs = element("dl", "rr-calc__outputs");
  for (const item of result.display) {
    const row = element("div", "rr-calc__output");
    row.dataset.output = item.name;
    const value = element("dd");
    value.append(element("span", "rr-calc__value", item.text));
    cite(value, item.rule, citation);
    row.append(element("dt", null, item.label), value);
    outputs.append(row);
  }
  live.append(message, outputs);
  if (result.warnings.length) {
    const warnings = element("ul", "rr-calc__warnings");
    for (const warning of result.warnings) warnings.append(element("li", null, warning));
    live.append(warnings);
  }
  const parts = [live];
  if (result.distribution && result.distribution.length) {
    const table = element("table", "rr-calc__distribution");
    const head = element("tr");
    head.append(element("th", null, "Outcome"), element("th", null, "Probability"));
    table.append(element("thead"), element("tbody"));
    table.tHead.append(head);
    for (const row of result.distribution) {
      const cells = element("tr");
      cells.append(element("td", null, row.outcome), element("td", null, `${row.probability} (${row.percent})`));
      table.tBodies[0].append(cells);
    }
    parts.push(table);
  }
  if (result.steps.length) {
    const details = element("details", "rr-calc__steps");
    const previous = container.querySelector(".rr-calc__steps");
    details.open = Boolean(previous && previous.open); // keep the reader's choice
    const list = element("ol");
    for (const step of result.steps) {
      const line = element("li", null, step.text);
      cite(line, step.rule, citation);
      list.append(line);
    }
    details.append(element("summary", null, "Working"), list);
    parts.push(details);
  }
  container.replaceChildren(...parts);
}

// Field errors next to their fields; anything else (a link's unknown
// calculator or field) in the calculator's message line.
export function showErrors(section, errors, heading) {
  for (const field of section.querySelectorAll(".rr-calc__field")) {
    const control = section.querySelector(`[name="${field.dataset.input}"]`);
    const slot = field.querySelector(".rr-calc__error");
    const error = errors.find((e) => e.field === field.dataset.input);
    slot.textContent = error ? error.message : "";
    slot.hidden = !error;
    if (error) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
  }
  const names = new Set(Array.from(section.querySelectorAll(".rr-calc__field"), (f) => f.dataset.input));
  const others = errors.filter((e) => !names.has(e.field));
  const message = section.querySelector(".rr-calc__message");
  message.replaceChildren();
  if (errors.length) {
    message.append(element("strong", null, heading));
    for (const error of others) message.append(element("span", "rr-calc__message-item", `${error.field}: ${error.message}`));
  }
  message.hidden = errors.length === 0;
}
