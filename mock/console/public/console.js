/* global document, window, location, Node */
// The console page's script (served as is; no build step). It reads the page's config, renders the
// API reference with swagger-ui-dist, and polls the mock for its state and request journal.
'use strict'
;(() => {
  const config = JSON.parse(document.getElementById('console-config').textContent)
  const $ = (id) => document.getElementById(id)
  const POLL_MS = 1000

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag)
    for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value)
    for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(child == null ? '' : String(child)))
    return node
  }

  // A custom header makes every call non-simple (a browser would preflight it from another origin), and
  // carries the control token the server handed this page when the mock needs one (docs/mock-server.md, Security).
  const controlHeaders = { 'X-Requested-With': 'promokit-console', ...(config.controlToken ? { 'X-Promokit-Control-Token': config.controlToken } : {}) }

  async function call(method, path, body) {
    const init = { method, headers: { ...controlHeaders } }
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json'
      init.body = JSON.stringify(body)
    }
    const res = await fetch(path, init)
    const json = await res.json().catch(() => ({}))
    if (!res.ok) throw new Error(json.details || json.message || `${method} ${path}: ${res.status}`)
    return json
  }

  function say(text, failed) {
    const status = $('status')
    status.textContent = text
    status.className = failed ? 'failed' : 'ok'
  }

  /** A button or form action: says what happened, then refreshes the view at once. */
  function action(label, run) {
    return async (event) => {
      if (event) event.preventDefault()
      try {
        await run()
        say(`${label}: done`)
      } catch (error) {
        say(`${label}: ${error.message}`, true)
      }
      await refresh()
    }
  }

  const numberOf = (id) => Number($(id).value)

  $('reset').addEventListener('click', action('Reset', () => call('POST', '/_mock/reset')))
  $('finish-jobs').addEventListener('click', action('Finish jobs', () => call('POST', '/_mock/jobs/finish')))
  $('advance-form').addEventListener('submit', action('Advance clock', () => call('POST', '/_mock/clock/advance', { ms: numberOf('advance-ms') })))
  $('latency-form').addEventListener('submit', action('Latency', () => call('PUT', '/_mock/latency', { ms: numberOf('latency-ms') })))
  $('clear-faults').addEventListener('click', action('Clear faults', () => call('DELETE', '/_mock/faults')))
  $('fault-form').addEventListener('submit', action('Add fault', () => call('POST', '/_mock/faults', faultFromForm())))
  $('fault-action').addEventListener('change', () => {
    const chosen = $('fault-action').value
    for (const label of document.querySelectorAll('#fault-form label[data-for]')) label.hidden = label.dataset.for !== chosen
  })
  $('create-sandbox').addEventListener('click', action('New sandbox', () => call('POST', '/_mock/sandboxes')))
  $('sandboxes').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-sandbox]')
    if (!button) return
    const { sandbox, act } = button.dataset
    const path = `/_mock/sandboxes/${encodeURIComponent(sandbox)}`
    action(`${act === 'reset' ? 'Reset' : 'Delete'} ${sandbox}`, () => (act === 'reset' ? call('POST', `${path}/reset`) : call('DELETE', path)))()
  })

  /** The control API's fault (mock/control/control-openapi.yaml) the form describes; a matcher value is JSON when it parses. */
  function faultFromForm() {
    const fault = { action: $('fault-action').value }
    if (fault.action === 'status') fault.status = numberOf('fault-status')
    if (fault.action === 'hang') fault.ms = numberOf('fault-ms')
    if ($('fault-operation').value) fault.operationId = $('fault-operation').value
    if ($('fault-times').value) fault.times = numberOf('fault-times')
    const kind = $('fault-match-kind').value
    if (kind) {
      const text = $('fault-match-value').value
      let value = text
      if (kind === 'body') {
        try {
          value = JSON.parse(text)
        } catch {
          value = text
        }
      }
      fault.match = { [kind]: { [$('fault-match-key').value]: value } }
    }
    return fault
  }

  function describeFault(f) {
    const what = f.action === 'status' ? (f.whenStatus ? `${f.whenStatus} answered as ${f.status}` : f.status) : f.action === 'hang' ? `hang ${f.ms ?? 30000} ms` : f.in || f.pointer !== undefined ? describeEdit(f) : f.action
    const when = f.match ? ` when ${Object.entries(f.match).flatMap(([kind, values]) => Object.entries(values).map(([name, value]) => `${kind}.${name} = ${JSON.stringify(value)}`)).join(' and ')}` : ''
    return `${f.id}: ${f.operationId || 'every operation'} → ${what}${when}${f.times ? ` ×${f.times - f.hits}` : ''}`
  }

  /** An edit (drop, set, copy, move) as a line: what it changes, where, and on which answers. */
  function describeEdit(f) {
    const from = f.from !== undefined ? ` from ${f.from}` : ''
    const value = f.action === 'set' ? ` = ${JSON.stringify(f.value)}` : ''
    return `${f.action} ${f.in || 'response.body'} ${f.name ?? (f.pointer || '(the whole body)')}${from}${value}${f.whenStatus ? ` on ${f.whenStatus}` : ''}`
  }

  for (const id of config.operations) $('fault-operation').append(el('option', { value: id }, id))

  function table(caption, columns, rows) {
    const head = el('tr', {}, ...columns.map((c) => el('th', {}, c)))
    const body = rows.length === 0 ? [el('tr', {}, el('td', { colspan: String(columns.length), class: 'empty' }, 'none'))] : rows.map((row) => el('tr', {}, ...columns.map((c) => el('td', { 'data-column': c }, row[c]))))
    return el('table', { 'data-table': caption }, el('caption', {}, caption), el('thead', {}, head), el('tbody', {}, ...body))
  }

  function renderState(view) {
    $('clock').textContent = `clock ${view.now} · latency ${view.latency.defaultMs} ms`
    $('faults').replaceChildren(...(view.faults.length === 0 ? [el('li', {}, 'No faults')] : view.faults.map((f) => el('li', { 'data-fault': f.id }, describeFault(f)))))
    const parts = view.projects.map((p) =>
      el(
        'div',
        { class: 'project', 'data-project': p.id },
        el('h3', {}, `${p.name} (${p.id}): ${Object.entries(p.counts).map(([k, v]) => `${v} ${k}`).join(', ')}`),
        table('campaigns', ['id', 'name', 'campaign_type', 'vouchers_count', 'vouchers_generation_status'], p.campaigns),
        table('vouchers', ['code', 'campaign', 'type'], p.vouchers),
        table('exports', ['id', 'created_at', 'status'], p.exports),
        table('redemptions', ['id', 'date', 'result', 'related_object_id'], p.redemptions),
        table('session locks', ['key', 'expires_at', 'holds'], p.sessions),
      ),
    )
    $('state').replaceChildren(...parts)
  }

  function renderSandboxes(sandboxes) {
    const button = (id, act, label) => el('button', { type: 'button', 'data-sandbox': id, 'data-act': act }, label)
    const rows = sandboxes.map((b) =>
      el('tr', { 'data-sandbox': b.id, title: `project ${b.project_id}, created ${b.created_at}` }, el('td', {}, b.id), el('td', { title: `app token ${b.keys.app_token}\nclient ${b.keys.client_id} / ${b.keys.client_token}` }, b.keys.app_id), el('td', { class: 'actions' }, button(b.id, 'reset', 'Reset'), ' ', button(b.id, 'delete', 'Delete'))),
    )
    $('sandboxes').replaceChildren(...(rows.length ? rows : [el('tr', {}, el('td', { colspan: '3', class: 'empty' }, 'none yet'))]))
  }

  function renderJournal(requests) {
    const rows = requests.slice().reverse().map((r) => el('tr', { class: r.status >= 400 ? 'failed' : '' }, el('td', { title: r.at }, r.at.slice(11, 23)), el('td', {}, r.method), el('td', {}, r.path), el('td', {}, r.status), el('td', {}, r.operationId || '')))
    $('journal').replaceChildren(...rows)
  }

  let refreshing
  async function refresh() {
    refreshing ??= Promise.all([call('GET', '/_mock/ui/overview'), call('GET', '/_mock/requests?limit=50'), call('GET', '/_mock/sandboxes')])
      .then(([view, journal, sandboxes]) => {
        renderState(view)
        renderJournal(journal.requests)
        renderSandboxes(sandboxes.sandboxes)
      })
      .catch((error) => say(`Cannot read the mock: ${error.message}`, true))
      .finally(() => (refreshing = undefined))
    return refreshing
  }

  /**
   * swagger-ui fills a deepObject parameter (`filters`) from its example as JSON text in one query
   * value, which no server parses: such parameters start empty, so "try it" sends a valid request.
   */
  function emptyDeepObjects(spec) {
    const resolve = (p) => (p.$ref ? spec.components.parameters[p.$ref.split('/').pop()] : p)
    for (const item of Object.values(spec.paths)) {
      for (const op of Object.values(item)) {
        for (const param of (op && op.parameters) || []) {
          const p = resolve(param)
          if (p && p.style === 'deepObject') {
            delete p.examples
            p.example = {}
          }
        }
      }
    }
  }

  async function reference() {
    const spec = await call('GET', '/openapi.json')
    emptyDeepObjects(spec)
    // swagger-ui supports only the default 3.1 dialect and would show a warning banner for ours
    delete spec.jsonSchemaDialect
    // "try it" calls this mock, never the real service the spec's servers name
    spec.servers = [{ url: location.origin, description: 'this mock' }]
    const [a] = config.projects
    window.ui = window.SwaggerUIBundle({
      spec,
      dom_id: '#reference',
      // the default sends the spec to an online validator for a badge: no request leaves the mock
      validatorUrl: null,
      tryItOutEnabled: true,
      docExpansion: 'list',
      deepLinking: false,
      onComplete() {
        window.ui.preauthorizeApiKey('appId', a.appId)
        window.ui.preauthorizeApiKey('appToken', a.appToken)
        window.ui.preauthorizeApiKey('managementId', config.management.id)
        window.ui.preauthorizeApiKey('managementToken', config.management.token)
        if (a.clientId) {
          window.ui.preauthorizeApiKey('clientApplicationId', a.clientId)
          window.ui.preauthorizeApiKey('clientToken', a.clientToken)
        }
        document.body.dataset.reference = 'ready'
      },
    })
  }

  refresh().then(() => (document.body.dataset.state = 'ready'))
  setInterval(() => {
    if (!document.hidden) refresh()
  }, POLL_MS)
  reference().catch((error) => say(`Cannot render the API reference: ${error.message}`, true))
})()
