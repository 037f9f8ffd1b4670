-- What the Neovim tests share: a JSON report at URILINT_REPORT, a watchdog
-- that ends Neovim whatever the main flow is stuck in, bounded waits, and the
-- end of a run (the report written, Neovim quit with 0 when every step ran
-- and 1 otherwise). Loaded by each test script with dofile.

local uv = vim.loop

local M = {}

-- How long one wait (diagnostics, a request, the server's exit) may take.
M.WAIT_MS = 15000
-- The whole run; the test kills Neovim a little later still.
M.WATCHDOG_MS = 40000

-- A required environment variable.
function M.env(name)
  local value = os.getenv(name)
  if value == nil or value == '' then
    error(name .. ' is not set')
  end
  return value
end

-- Waits until `condition()` holds; raises `what` when it does not in time.
function M.wait_for(what, condition)
  if not vim.wait(M.WAIT_MS, condition, 20) then
    error(string.format('timed out after %d ms waiting for %s', M.WAIT_MS, what))
  end
end

-- Starts a run of the script `name`: `report` (given its steps, errors and
-- server_messages lists here) is written to URILINT_REPORT at the end, or by
-- the watchdog.
function M.start(name, report)
  report.steps = report.steps or {}
  report.errors = report.errors or {}
  report.server_messages = report.server_messages or {}
  local path = os.getenv('URILINT_REPORT')
  if path == nil or path == '' then
    io.stderr:write(name .. ': URILINT_REPORT is not set\n')
    vim.cmd('cquit 2')
  end
  local run = { name = name, report = report }
  function run.write_report()
    local file = assert(io.open(path, 'w'))
    file:write(vim.json.encode(report))
    file:close()
  end
  -- The watchdog runs in a libuv callback (a "fast" context, where most of the
  -- Neovim API is off limits): it writes the report with plain Lua I/O and exits
  -- the process outright.
  run.watchdog = uv.new_timer()
  run.watchdog:start(M.WATCHDOG_MS, 0, function()
    table.insert(report.errors, string.format('watchdog: still running after %d ms (last finished step: %s)', M.WATCHDOG_MS, report.steps[#report.steps] or 'none'))
    pcall(run.write_report)
    os.exit(124)
  end)
  function run.step(step)
    table.insert(report.steps, step)
  end
  -- Records a failure; stops a client still running, so the server does not outlive the test.
  function run.failed(err, client, exited)
    table.insert(report.errors, tostring(err))
    if client and not exited() then
      pcall(client.stop, true)
      vim.wait(2000, exited, 20)
    end
  end
  -- Writes the report and quits Neovim: 0 when `ok` and the report was written, 1 otherwise.
  function run.finish(ok)
    run.watchdog:stop()
    local written, write_err = pcall(run.write_report)
    if not written then
      io.stderr:write(name .. ': cannot write the report: ' .. tostring(write_err) .. '\n')
    end
    vim.cmd((ok and written) and 'qa!' or 'cquit 1')
  end
  return run
end

return M
