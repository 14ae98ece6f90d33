// SPDX-License-Identifier: Apache-2.0
// Thin deployable wrappers over unmodified OpenZeppelin Contracts (MIT), imported from the npm package: a token, a
// tokenised vault over it and role-based access control. Only what the abstract contracts leave open is written here.
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Burnable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Multicall} from "@openzeppelin/contracts/utils/Multicall.sol";

contract Tok is ERC20, ERC20Burnable, Multicall {
    constructor() ERC20("Tok", "TOK") {
        _mint(msg.sender, 1_000_000 ether);
    }
}

contract Shares is ERC4626 {
    constructor(IERC20 asset) ERC20("Shares", "SHR") ERC4626(asset) {}
}

contract Roles is AccessControl {
    constructor() {
        _grantRole(DEFAULT_ADMIN_ROLE, msg.sender);
    }
}
