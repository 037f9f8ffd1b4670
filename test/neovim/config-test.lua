-- The project configuration file under Neovim's own LSP client (0.7): the
-- client is started with no `settings` at all, in a repository whose
-- urilint.config.jsonc decides what is reported; then the file is rewritten
-- on disk (Neovim 0.7 does not watch files for the server, so the server's
-- own watcher must see it) and the diagnostics must follow. Writes a JSON
-- report that test/neovim.test.ts checks.
--
--   nvim --headless --clean -n -c 'luafile test/neovim/config-test.lua'
--
-- Inputs from the environment (all required but URILINT_NODE):
--   URILINT_REPORT      where to write the JSON report
--   URILINT_SERVER      the built server, packages/language-server/dist/bin.js
--   URILINT_NODE        the node executable (default: `node` on PATH)
--   URILINT_APP         a TypeScript file in the repository
--   URILINT_CONFIG      the repository's urilint.config.jsonc
--   URILINT_NEW_CONFIG  the text the configuration is rewritten with
--   URILINT_EXPECT_CODE a code the new configuration reports in URILINT_APP
--
-- Every wait is bounded and a watchdog ends Neovim regardless.

local harness = dofile(debug.getinfo(1, 'S').source:sub(2):match('^(.*)/[^/]*$') .. '/harness.lua')
local env, wait_for = harness.env, harness.wait_for

local report = {}
local run = harness.start('config-test.lua', report)

-- The last publishDiagnostics per URI, and how many arrived.
local published = {}

local function codes_of(diagnostics)
  local out = {}
  for _, d in ipairs(diagnostics or {}) do
    table.insert(out, d.code)
  end
  table.sort(out)
  return out
end

local function has_code(entry, code)
  for _, c in ipairs(codes_of(entry and entry.diagnostics)) do
    if c == code then
      return true
    end
  end
  return false
end

local server_exit = nil

local function start_client()
  -- No `settings`: whatever the server reports comes from the defaults and the project's file.
  local client_id = vim.lsp.start_client({
    name = 'urilint',
    cmd = { os.getenv('URILINT_NODE') or 'node', env('URILINT_SERVER'), '--stdio' },
    root_dir = vim.fn.fnamemodify(env('URILINT_CONFIG'), ':h'),
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        local entry = published[result.uri] or { count = 0 }
        entry.count = entry.count + 1
        entry.diagnostics = result.diagnostics
        published[result.uri] = entry
        return vim.lsp.handlers['textDocument/publishDiagnostics'](err, result, ctx, config)
      end,
      ['window/logMessage'] = function(err, result, ctx, config)
        if result and result.type <= 2 then
          table.insert(report.server_messages, { type = result.type, message = result.message })
        end
        return vim.lsp.handlers['window/logMessage'](err, result, ctx, config)
      end,
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
  report.client_settings = client.config.settings
  return client
end

local client
local ok, err = xpcall(function()
  client = start_client()
  vim.cmd('edit ' .. vim.fn.fnameescape(env('URILINT_APP')))
  local bufnr = vim.api.nvim_get_current_buf()
  if not vim.lsp.buf_attach_client(bufnr, client.id) then
    error('vim.lsp.buf_attach_client failed')
  end
  local uri = vim.uri_from_bufnr(bufnr)
  report.uri = uri
  wait_for('the diagnostics of ' .. uri, function()
    return published[uri] ~= nil
  end)
  report.first = codes_of(published[uri].diagnostics)
  run.step('diagnostics under the configuration file')

  -- Rewritten on disk, as another program (or a save) would: no notification from Neovim.
  local file = assert(io.open(env('URILINT_CONFIG'), 'w'))
  file:write(env('URILINT_NEW_CONFIG'))
  file:close()
  local expected = env('URILINT_EXPECT_CODE')
  wait_for('diagnostics with ' .. expected .. ' after the configuration changed', function()
    return has_code(published[uri], expected)
  end)
  report.after_change = codes_of(published[uri].diagnostics)
  run.step('diagnostics after the configuration changed')

  client.stop()
  wait_for('the server to exit', function()
    return server_exit ~= nil
  end)
  report.server.exit_code = server_exit.code
  run.step('server stopped')
end, debug.traceback)
if not ok then
  run.failed(err, client, function()
    return server_exit ~= nil
  end)
end
run.finish(ok)
