// The gas feature's command and context key (package.json refers to both; no `vscode` here, so the unit tier checks them).
export const TOGGLE_GAS_LINES_COMMAND = 'ledgerMirror.toggleGasPerLine';
/** Context key: some trace panel is open (the command's `when`). */
export const TRACE_OPEN_CONTEXT = 'ledgerMirror.traceOpen';
