/**
 * The code the node gives every token's own address (HIP-719 "token proxy", proxy era): it DELEGATECALLs the
 * token service at 0x167 with `redirectForToken` (selector 0x618dc65e) followed by the token's address and the
 * caller's calldata, and returns or reverts with the answer.
 *
 * Source: hiero-ledger/hiero-consensus-node, `DispatchingEvmFrameState.TOKEN_CALL_REDIRECT_CONTRACT_BINARY`
 * (Apache-2.0), with `fefe…fe` standing for the token's address.
 */
const TEMPLATE =
  '6080604052348015600f57600080fd5b506000610167905077618dc65efefefefefefefefefefefefefefefefefefefefe600052366000602037600080366018016008845af43d806000803e8160008114605857816000f35b816000fdfea2646970667358221220d8378feed472ba49a0005514ef7087017f707b45fb9bf56bb81bb93ff19a238b64736f6c634300080b0033';
const TOKEN_PLACEHOLDER = 'fe'.repeat(20);

/** `0x`-hex runtime code of the facade at `token` (`0x` + 40 hex). */
export function tokenFacadeCode(token: string): string {
  return `0x${TEMPLATE.replace(TOKEN_PLACEHOLDER, token.toLowerCase().replace(/^0x/, ''))}`;
}
