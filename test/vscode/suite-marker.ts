// Printed by the in-VS-Code runner before mocha starts. The workbench relays its own startup logging through the
// same channel as the extension host's console; the launcher shows only what comes after this line (everything
// goes to the workbench log file).
export const SUITE_START_MARKER = '-- ledger-mirror: in-VS-Code suite --';
