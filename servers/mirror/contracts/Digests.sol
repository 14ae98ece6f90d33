// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Fingerprints a document with SHA-256 (the precompile at 0x2), as Merkle proofs and Bitcoin-style hashes do.
contract Digests {
    event Fingerprinted(bytes32 digest);

    function fingerprint(bytes calldata document) external returns (bytes32 digest) {
        digest = sha256(document);
        emit Fingerprinted(digest);
    }
}
