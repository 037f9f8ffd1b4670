-- Drives the urilint language server from Neovim's built-in LSP client (0.7:
-- `vim.lsp.start_client` + `vim.lsp.buf_attach_client`) and writes what it saw
-- to a JSON report; test/neovim.test.ts starts Neovim and checks the report and
-- the files on disk.
--
--   nvim --headless --clean -n -c 'luafile test/neovim/lsp-test.lua'
--
-- Inputs come from the environment (all required but URILINT_NODE):
--   URILINT_REPORT  where to write the JSON report
--   URILINT_SERVER  the built server, packages/language-server/dist/bin.js
--   URILINT_NODE    the node executable (default: `node` on PATH)
--   URILINT_APP     a TypeScript file with one unescaped space in a URI and
--                   a `javascript:` URI in a plain string
--   URILINT_FIXALL  a TypeScript file with two fixable problems in one URI
--
-- Every wait is bounded and a watchdog ends Neovim regardless, so the caller
-- never hangs: Neovim always exits, 0 when every step ran and 1 otherwise.

local uv = vim.loop
local util = vim.lsp.util

local harness = dofile(debug.getinfo(1, 'S').source:sub(2):match('^(.*)/[^/]*$') .. '/harness.lua')
local env, wait_for = harness.env, harness.wait_for
local WAIT_MS = harness.WAIT_MS

local report = {
  nvim_version = (function()
    local v = vim.version()
    return string.format('%d.%d.%d', v.major, v.minor, v.patch)
  end)(),
  -- window/logMessage and window/showMessage from the server, errors and warnings only.
  server_messages = {},
}
local run = harness.start('lsp-test.lua', report)
local step = run.step

-- The raw `publishDiagnostics` notifications, per URI: the last one's
-- diagnostics (LSP ranges, UTF-16 as the server sent them), its version and a
-- count. Neovim's own handler still runs, so `vim.diagnostic` is filled too.
local published = {}

local function on_publish(err, result, ctx, config)
  local entry = published[result.uri] or { count = 0 }
  entry.count = entry.count + 1
  entry.version = result.version
  entry.diagnostics = result.diagnostics
  published[result.uri] = entry
  return vim.lsp.handlers['textDocument/publishDiagnostics'](err, result, ctx, config)
end

local function on_message(method)
  return function(err, result, ctx, config)
    -- MessageType: 1 error, 2 warning.
    if result and result.type <= 2 then
      table.insert(report.server_messages, { method = method, type = result.type, message = result.message })
    end
    return vim.lsp.handlers[method](err, result, ctx, config)
  end
end

local server_exit = nil

local function start_client()
  local client_id = vim.lsp.start_client({
    name = 'urilint',
    cmd = { os.getenv('URILINT_NODE') or 'node', env('URILINT_SERVER'), '--stdio' },
    root_dir = vim.fn.fnamemodify(env('URILINT_APP'), ':h'),
    handlers = {
      ['textDocument/publishDiagnostics'] = on_publish,
      ['window/logMessage'] = on_message('window/logMessage'),
      ['window/showMessage'] = on_message('window/showMessage'),
    },
    on_exit = function(code, signal)
      server_exit = { code = code, signal = signal }
    end,
  })
  if client_id == nil then
    error('vim.lsp.start_client returned nil')
  end
  local client = vim.lsp.get_client_by_id(client_id)
  report.server = { pid = client.rpc.pid }
  return client
end

-- Opens `path` in the current window; --clean keeps filetype detection on, so
-- the buffer is `typescript`, the languageId the server reads.
local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  if vim.bo[bufnr].filetype ~= 'typescript' then
    error(string.format('%s opened with filetype %q, not typescript', path, vim.bo[bufnr].filetype))
  end
  return bufnr
end

-- Attaches the client and waits for the server's first diagnostics of the buffer.
local function attach(client, bufnr)
  if not vim.lsp.buf_attach_client(bufnr, client.id) then
    error('vim.lsp.buf_attach_client failed for buffer ' .. bufnr)
  end
  local uri = vim.uri_from_bufnr(bufnr)
  wait_for('the diagnostics of ' .. uri, function()
    return published[uri] ~= nil
  end)
  return uri
end

-- Waits for the diagnostics of the buffer's current version: the server has
-- seen the edit (incremental sync) and checked the result again.
local function wait_for_current_diagnostics(bufnr, uri)
  wait_for('the diagnostics of the edited ' .. uri, function()
    local entry = published[uri]
    return entry ~= nil and entry.version == util.buf_versions[bufnr]
  end)
  return published[uri].diagnostics
end

-- What Neovim keeps of a diagnostic: byte columns, converted from the server's UTF-16.
local function vim_diagnostics(bufnr, client)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr, { namespace = vim.lsp.diagnostic.get_namespace(client.id) })) do
    table.insert(out, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, code = d.code, source = d.source, message = d.message })
  end
  return out
end

-- A `vim.diagnostic` item back in LSP form, for `context.diagnostics`. 0.7.2's
-- own conversion (vim.lsp.diagnostic.get_line_diagnostics, what
-- `vim.lsp.buf.code_action()` sends) puts the byte columns into the range
-- unconverted; this one converts them back to the client's encoding and keeps
-- what `user_data.lsp` holds (code, codeDescription, data).
local function to_lsp_diagnostic(bufnr, d, offset_encoding)
  local lsp = vim.deepcopy((d.user_data and d.user_data.lsp) or {})
  lsp.range = {
    start = { line = d.lnum, character = util.character_offset(bufnr, d.lnum, d.col, offset_encoding) },
    ['end'] = { line = d.end_lnum, character = util.character_offset(bufnr, d.end_lnum, d.end_col, offset_encoding) },
  }
  lsp.severity = d.severity -- vim.diagnostic.severity uses the LSP numbers
  lsp.message = d.message
  lsp.source = d.source
  lsp.code = d.code
  return lsp
end

local function request(client, bufnr, method, params)
  local response, err = client.request_sync(method, params, WAIT_MS, bufnr)
  if response == nil then
    error(string.format('%s: no response (%s)', method, tostring(err)))
  end
  if response.err then
    error(string.format('%s failed: %s', method, vim.inspect(response.err)))
  end
  return response.result
end

local function summarize(actions)
  local out = {}
  for _, action in ipairs(actions or {}) do
    table.insert(out, { title = action.title, kind = action.kind, isPreferred = action.isPreferred == true })
  end
  return out
end

local function write_buffer(bufnr)
  vim.api.nvim_buf_call(bufnr, function()
    -- silent: no "written" message on Neovim's stdout.
    vim.cmd('silent write')
  end)
end

-- Steps 1-5: diagnostics, hovers, the preferred quick fix on the line with the emoji.
local function check_app(client)
  local bufnr = open(env('URILINT_APP'))
  local uri = attach(client, bufnr)
  local app = { uri = uri, published = published[uri].diagnostics, diagnostics = vim_diagnostics(bufnr, client) }
  report.app = app
  step('app: diagnostics')

  local diagnostic
  for _, d in ipairs(vim.diagnostic.get(bufnr, { namespace = vim.lsp.diagnostic.get_namespace(client.id) })) do
    if d.source == 'urilint' then
      diagnostic = d
      break
    end
  end
  if diagnostic == nil then
    error('no urilint diagnostic in ' .. uri)
  end

  -- Hover with the cursor inside the URI: on the host, found by bytes on the
  -- diagnostic's line, so make_position_params must convert to UTF-16.
  local line = vim.api.nvim_buf_get_lines(bufnr, diagnostic.lnum, diagnostic.lnum + 1, true)[1]
  local host = line:find('example.com', 1, true)
  if host == nil then
    error('no example.com on line ' .. diagnostic.lnum)
  end
  vim.api.nvim_win_set_cursor(0, { diagnostic.lnum + 1, host - 1 })
  local position = util.make_position_params()
  local hover = request(client, bufnr, 'textDocument/hover', position)
  app.hover = { position = position.position, markdown = hover and hover.contents and hover.contents.value, range = hover and hover.range }
  step('app: hover')

  -- Hover on the `javascript:` URI of a plain string, which no diagnostic reports.
  local script_line
  for index, text in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, true)) do
    local column = text:find('javascript:', 1, true)
    if column ~= nil then
      script_line = { index - 1, column - 1 }
      break
    end
  end
  if script_line == nil then
    error('no javascript: URI in ' .. uri)
  end
  vim.api.nvim_win_set_cursor(0, { script_line[1] + 1, script_line[2] })
  local script_hover = request(client, bufnr, 'textDocument/hover', util.make_position_params())
  app.script_hover = { markdown = script_hover and script_hover.contents and script_hover.contents.value }
  step('app: hover on a script URL')

  local lsp_diagnostic = to_lsp_diagnostic(bufnr, diagnostic, client.offset_encoding)
  app.request_diagnostic = lsp_diagnostic
  app.neovim_line_diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, diagnostic.lnum, {}, client.id)
  local actions = request(client, bufnr, 'textDocument/codeAction', {
    textDocument = util.make_text_document_params(bufnr),
    range = lsp_diagnostic.range,
    context = { diagnostics = { lsp_diagnostic } },
  })
  app.actions = summarize(actions)
  local preferred
  for _, action in ipairs(actions or {}) do
    if action.kind == 'quickfix' and action.isPreferred and action.edit then
      preferred = action
      break
    end
  end
  if preferred == nil then
    error('no preferred quick fix among ' .. #app.actions .. ' code actions')
  end
  util.apply_workspace_edit(preferred.edit, client.offset_encoding)
  app.applied = preferred.title
  app.line_after_fix = vim.api.nvim_buf_get_lines(bufnr, diagnostic.lnum, diagnostic.lnum + 1, true)[1]
  write_buffer(bufnr)
  step('app: quick fix')

  app.diagnostics_after_fix = wait_for_current_diagnostics(bufnr, uri)
  step('app: diagnostics after the fix')
end

-- Step 6: source.fixAll.urilint on a second buffer.
local function check_fix_all(client)
  local bufnr = open(env('URILINT_FIXALL'))
  local uri = attach(client, bufnr)
  local fixall = { uri = uri, published = published[uri].diagnostics }
  report.fixall = fixall
  step('fixall: diagnostics')

  local params = util.make_range_params()
  params.context = { diagnostics = {}, only = { 'source.fixAll.urilint' } }
  local actions = request(client, bufnr, 'textDocument/codeAction', params)
  fixall.actions = summarize(actions)
  local action
  for _, candidate in ipairs(actions or {}) do
    if candidate.kind == 'source.fixAll.urilint' and candidate.edit then
      action = candidate
      break
    end
  end
  if action == nil then
    error('no source.fixAll.urilint action with an edit among ' .. #fixall.actions .. ' code actions')
  end
  util.apply_workspace_edit(action.edit, client.offset_encoding)
  fixall.applied = action.title
  write_buffer(bufnr)
  step('fixall: applied')

  fixall.diagnostics_after_fix = wait_for_current_diagnostics(bufnr, uri)
  step('fixall: diagnostics after the fix')
end

-- Step 7: shutdown + exit, and the server process gone.
local function stop(client)
  client.stop()
  wait_for('the server to exit', function()
    return server_exit ~= nil
  end)
  report.server.exit_code = server_exit.code
  report.server.signal = server_exit.signal
  -- Signal 0 only asks whether the process exists: after the exit it must not.
  report.server.alive_after_exit = uv.kill(report.server.pid, 0) == 0
  step('server stopped')
end

local client
local ok, err = xpcall(function()
  client = start_client()
  check_app(client)
  check_fix_all(client)
  stop(client)
end, debug.traceback)
if not ok then
  run.failed(err, client, function()
    return server_exit ~= nil
  end)
end
run.finish(ok)
