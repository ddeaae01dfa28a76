-- Drives Neovim's built-in LSP client against svc-language-server (used by nvim-editor.test.ts).
-- Environment: SVC_LSP_CMD (JSON array: the server command), SVC_FILE (schema to open), SVC_OUT
-- (JSON written here), SVC_ENCODING ('utf-8' or 'utf-16', offered to the server), SVC_EDIT
-- (optional JSON {line, col, end_col, text}: byte columns; applied after the first diagnostics).
-- Works with vim.lsp.start (0.8+) and with start_client + buf_attach_client (0.7).
local cmd = vim.fn.json_decode(os.getenv('SVC_LSP_CMD'))
local out_path = os.getenv('SVC_OUT')
local encoding = os.getenv('SVC_ENCODING') or 'utf-16'
local edit = os.getenv('SVC_EDIT')

vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('SVC_FILE')))
local bufnr = vim.api.nvim_get_current_buf()

local publications = 0
local function on_publish(err, result, ctx, config)
  publications = publications + 1
  return vim.lsp.handlers['textDocument/publishDiagnostics'](err, result, ctx, config)
end

local capabilities = vim.lsp.protocol.make_client_capabilities()
capabilities.general = capabilities.general or {}
capabilities.general.positionEncodings = { encoding }

local config = {
  name = 'svc',
  cmd = cmd,
  root_dir = vim.fn.getcwd(),
  capabilities = capabilities,
  offset_encoding = encoding, -- 0.7 does not negotiate: it uses what it is told
  handlers = { ['textDocument/publishDiagnostics'] = on_publish },
  on_init = function(client, result)
    local chosen = result.capabilities.positionEncoding or result.offsetEncoding
    if chosen then client.offset_encoding = chosen end
  end,
}

local client_id
if vim.lsp.start then
  client_id = vim.lsp.start(config)
else
  client_id = vim.lsp.start_client(config)
  vim.lsp.buf_attach_client(bufnr, client_id)
end

local function collect()
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = (d.user_data or {}).lsp or {}
    table.insert(out, {
      code = d.code or lsp.code,
      message = d.message,
      severity = d.severity,
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
    })
  end
  table.sort(out, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return out
end

local result = { ok = false }
if vim.wait(20000, function() return publications >= 1 end, 20) then
  result.first = collect()
  result.encoding = vim.lsp.get_client_by_id(client_id).offset_encoding
  if edit then
    local e = vim.fn.json_decode(edit)
    local before = publications
    vim.api.nvim_buf_set_text(bufnr, e.line, e.col, e.line, e.end_col, { e.text })
    if vim.wait(20000, function() return publications > before end, 20) then
      result.second = collect()
    end
  end
  result.ok = true
end

vim.fn.writefile({ vim.fn.json_encode(result) }, out_path)
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
vim.cmd('qa!')
