-- Headless Neovim (0.7+) session for internal/lsp's end-to-end test: attach
-- `retrylint lsp` to the file given on the command line, wait for its
-- diagnostics, write them to $RETRYLINT_OUT, apply the first quick fix,
-- write the buffer, wait for the diagnostics to clear, stop the server, quit.
-- Any failure is written to $RETRYLINT_OUT and ends Neovim with exit code 1.
local bin = assert(os.getenv('RETRYLINT_BIN'), 'RETRYLINT_BIN not set')
local out_path = assert(os.getenv('RETRYLINT_OUT'), 'RETRYLINT_OUT not set')
local lines = {}

local function finish(err)
  if err then table.insert(lines, 'error: ' .. err) end
  local f = assert(io.open(out_path, 'w'))
  f:write(table.concat(lines, '\n') .. '\n')
  f:close()
  if err then vim.cmd('cquit! 1') else vim.cmd('qall!') end
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  -- vim.lsp.start arrived in 0.8; start_client + buf_attach_client work from 0.5.
  local client_id = vim.lsp.start_client({
    name = 'retrylint',
    cmd = { bin, 'lsp' },
    root_dir = vim.fn.getcwd(),
  })
  if not client_id then return finish('start_client failed') end
  vim.lsp.buf_attach_client(buf, client_id)

  if not vim.wait(60000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
    return finish('no diagnostics within 60s')
  end
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local href = d.user_data and d.user_data.lsp and d.user_data.lsp.codeDescription and d.user_data.lsp.codeDescription.href or ''
    table.insert(lines, string.format('%d:%d-%d:%d %s %s %s %s %s', d.lnum + 1, d.col + 1, d.end_lnum + 1, d.end_col + 1,
      vim.diagnostic.severity[d.severity], d.source, d.code, href, d.message))
  end

  -- What `vim.lsp.buf.code_action()` sends, with the cursor on the finding.
  local first = vim.diagnostic.get(buf)[1]
  vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = {}, only = { 'quickfix' } }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000)
  local resp = responses and responses[client_id]
  if not resp or resp.err or not resp.result or #resp.result == 0 then
    return finish('no code action: ' .. vim.inspect(resp))
  end
  local action = resp.result[1]
  table.insert(lines, 'action: ' .. action.kind .. ' ' .. action.title)
  vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
  vim.cmd('write')

  if not vim.wait(30000, function() return #vim.diagnostic.get(buf) == 0 end, 50) then
    return finish('diagnostics not cleared after the fix')
  end
  table.insert(lines, 'cleared')
  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
  finish(nil)
end

vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    local ok, err = pcall(run)
    if not ok then finish(tostring(err)) end
  end,
})
