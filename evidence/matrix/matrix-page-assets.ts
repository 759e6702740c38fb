/**
 * The style and script inlined in matrix.html (the page loads nothing). The table fits a 1400 px window with a
 * deployment and the mock side by side; with more targets the page scrolls sideways, the operation column and
 * the header staying in view. Dates and short labels never wrap; paths wrap after a slash, SDK names at a dot.
 */
export const MATRIX_STYLE = `
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1b1f24;background:#fff}
h1{font-size:1.4rem;margin:0 0 .3rem}h2{font-size:1.1rem;margin:1.5rem 0 .3rem}
.summary span{display:inline-block;margin-right:1rem}
.count.failing{color:#cf222e;font-weight:600}.count.replay-differs,.count.known{color:#9a6700;font-weight:600}
table{border-collapse:separate;border-spacing:0;width:100%;margin-top:1rem}
th,td{border:1px solid #d0d7de;border-width:0 1px 1px 0;padding:.3rem .5rem;vertical-align:top;text-align:left;background:#fff}
tr>:first-child{border-left-width:1px}thead th{border-top-width:1px}
th{background:#f6f8fa;cursor:pointer;position:sticky;top:0;z-index:2;user-select:none;white-space:nowrap;vertical-align:bottom}
th:hover{background:#eaeef2}
th[aria-sort=ascending]::after{content:" ▲"}th[aria-sort=descending]::after{content:" ▼"}
tr>:first-child{position:sticky;left:0;z-index:1;max-width:17rem}td:first-child strong{white-space:nowrap}thead th:first-child{z-index:3}
tr.state-failing>td:first-child{box-shadow:inset 4px 0 #cf222e}tr.state-replay-differs>td:first-child,tr.state-known>td:first-child{box-shadow:inset 4px 0 #bf8700}
td{white-space:nowrap}td:nth-last-child(2),td:first-child,td:last-child,td:nth-child(2){white-space:normal}td:nth-child(2){min-width:4.5rem}
td:nth-last-child(2){min-width:14rem;max-width:30rem}td:last-child{min-width:13rem;max-width:20rem}td:last-child div+div{margin-top:.15rem}
.failed{color:#cf222e;font-weight:600}.passed{color:#1a7f37}.known{color:#9a6700}.muted,.skipped,.not-checked{color:#6e7781}
.when{color:#6e7781;font-weight:400;font-size:12px;white-space:nowrap}
.tag{display:inline-block;font-size:11px;font-weight:600;color:#57606a;background:#eaeef2;border-radius:3px;padding:0 .3rem;white-space:nowrap}
code{font-size:12px}
ul{margin:0;padding-left:1rem}details ul{white-space:normal;max-width:16rem}details li{overflow-wrap:anywhere}td:nth-last-child(2) li+li{margin-top:.25rem}summary{cursor:pointer}
.sources{padding-left:1.2rem}
`

export const MATRIX_SCRIPT = `
// Click a header to sort by it (again to reverse); each cell's data-sort holds its sort key.
document.querySelectorAll('#matrix th').forEach((th, column) => th.addEventListener('click', () => {
  const body = document.querySelector('#matrix tbody')
  const ascending = th.getAttribute('aria-sort') !== 'ascending'
  document.querySelectorAll('#matrix th').forEach((other) => other.removeAttribute('aria-sort'))
  th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending')
  const key = (tr) => tr.children[column].dataset.sort
  const rows = [...body.rows].sort((a, b) => key(a).localeCompare(key(b), 'en', { numeric: true }) * (ascending ? 1 : -1))
  body.append(...rows)
}))
`
