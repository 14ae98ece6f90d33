// SPDX-License-Identifier: Apache-2.0
// Thin deployable wrappers over unmodified solady (MIT), imported from the npm package: code written mostly in
// inline assembly. SolUtils only forwards to library functions, which have no entry point of their own.
pragma solidity ^0.8.24;

import {ERC20} from "solady/src/tokens/ERC20.sol";
import {Ownable} from "solady/src/auth/Ownable.sol";
import {LibSort} from "solady/src/utils/LibSort.sol";
import {LibString} from "solady/src/utils/LibString.sol";
import {FixedPointMathLib} from "solady/src/utils/FixedPointMathLib.sol";
import {MerkleProofLib} from "solady/src/utils/MerkleProofLib.sol";

contract SolToken is ERC20 {
    constructor() {
        _mint(msg.sender, 1_000_000 ether);
    }

    function name() public pure override returns (string memory) {
        return "Sol";
    }

    function symbol() public pure override returns (string memory) {
        return "SOL";
    }
}

contract SolOwned is Ownable {
    constructor() {
        _initializeOwner(msg.sender);
    }
}

contract SolUtils {
    function sort(uint256[] memory a) external pure returns (uint256[] memory) {
        LibSort.insertionSort(a);
        return a;
    }

    function decimal(uint256 value) external pure returns (string memory) {
        return LibString.toString(value);
    }

    function root(uint256 x) external pure returns (uint256) {
        return FixedPointMathLib.sqrt(x);
    }

    function verify(bytes32[] calldata proof, bytes32 merkleRoot, bytes32 leaf) external pure returns (bool) {
        return MerkleProofLib.verifyCalldata(proof, merkleRoot, leaf);
    }
}
