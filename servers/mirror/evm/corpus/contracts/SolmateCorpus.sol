// SPDX-License-Identifier: Apache-2.0
// Thin deployable wrappers over unmodified solmate (MIT), imported from the npm package: plain `require` strings.
// MateVault's totalAssets is the one function solmate's ERC4626 leaves to the deployer.
pragma solidity ^0.8.24;

import {ERC20} from "solmate/src/tokens/ERC20.sol";
import {ERC4626} from "solmate/src/tokens/ERC4626.sol";
import {Owned} from "solmate/src/auth/Owned.sol";

contract MateToken is ERC20 {
    constructor() ERC20("Mate", "MATE", 18) {
        _mint(msg.sender, 1_000_000 ether);
    }
}

contract MateVault is ERC4626 {
    constructor(ERC20 asset) ERC4626(asset, "Mate Vault", "MV") {}

    function totalAssets() public view override returns (uint256) {
        return asset.balanceOf(address(this));
    }
}

contract MateOwned is Owned {
    constructor() Owned(msg.sender) {}
}
