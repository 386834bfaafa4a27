//! Why Origin refuses a decision: the stable codes clients switch on (listed in the catalog).

crate::refusals! {
    /// Origin's refusal codes (besides the common GAME_OVER and NOT_YOUR_TURN).
    pub enum Refusal {
        /// The action does not answer the decision pending now.
        UnexpectedAction = "UNEXPECTED_ACTION",
        /// The Objective card kept was not dealt to the player.
        NotDealt = "NOT_DEALT",
        /// The main action of the turn is already taken.
        MainActionAlreadyTaken = "MAIN_ACTION_ALREADY_TAKEN",
        /// A pass while an Evolve, Migrate or Exchange is possible.
        MainActionAvailable = "MAIN_ACTION_AVAILABLE",
        /// Junior rules play no cards.
        NoCardPlayInJunior = "NO_CARD_PLAY_IN_JUNIOR",
        /// Cards are played before or after the main action only.
        CardNotNow = "CARD_NOT_NOW",
        /// No such tile slot.
        UnknownSlot = "UNKNOWN_SLOT",
        /// The tile slot is empty.
        SlotEmpty = "SLOT_EMPTY",
        /// The reward or card does not give tiles of that column.
        WrongColumn = "WRONG_COLUMN",
        /// The tile cannot be placed in the collection.
        TileNotPlaceable = "TILE_NOT_PLACEABLE",
        /// A tile must be taken when one can be placed.
        TileSkipNotAllowed = "TILE_SKIP_NOT_ALLOWED",
        /// The turn cannot end before its main action.
        MainActionRequired = "MAIN_ACTION_REQUIRED",
        /// No such card.
        UnknownCard = "UNKNOWN_CARD",
        /// The card is not in hand.
        CardNotInHand = "CARD_NOT_IN_HAND",
        /// The card is not of the colour asked for.
        WrongCardColor = "WRONG_CARD_COLOR",
        /// No such territory.
        UnknownTerritory = "UNKNOWN_TERRITORY",
        /// No village is left to place.
        NoVillagesLeft = "NO_VILLAGES_LEFT",
        /// The territory already holds a pawn.
        TerritoryOccupied = "TERRITORY_OCCUPIED",
        /// The reference territory holds no pawn.
        ReferenceEmpty = "REFERENCE_EMPTY",
        /// The territories are not adjacent.
        NotAdjacent = "NOT_ADJACENT",
        /// No such pawn type.
        UnknownPawn = "UNKNOWN_PAWN",
        /// The new pawn cannot evolve from the reference pawn.
        InvalidEvolution = "INVALID_EVOLUTION",
        /// The pawn is not in the reserve.
        PawnNotInReserve = "PAWN_NOT_IN_RESERVE",
        /// Not possible now, for a reason no other code names.
        IllegalAction = "ILLEGAL_ACTION",
        /// The territory holds no pawn.
        NoPawn = "NO_PAWN",
        /// The pawn belongs to someone else.
        NotYourPawn = "NOT_YOUR_PAWN",
        /// The destination is the starting territory.
        SameTerritory = "SAME_TERRITORY",
        /// An Exchange needs a pawn on the destination.
        TerritoryEmpty = "TERRITORY_EMPTY",
        /// The neutral pawn never moves nor is exchanged.
        NeutralPawn = "NEUTRAL_PAWN",
        /// The target is one of the player's own pawns.
        OwnPawn = "OWN_PAWN",
        /// A Permanent card protects the target from Exchanges.
        ExchangeTargetProtected = "EXCHANGE_TARGET_PROTECTED",
        /// The target pawn is not weaker.
        ExchangeTargetNotWeaker = "EXCHANGE_TARGET_NOT_WEAKER",
        /// The destination is beyond the pawn's range.
        OutOfRange = "OUT_OF_RANGE",
        /// The opponent has nothing of that kind to take.
        NothingToTake = "NOTHING_TO_TAKE",
        /// Only a free (top) tile can be taken.
        TileNotFree = "TILE_NOT_FREE",
        /// The chosen pawn has no possible destination or replacement.
        InvalidChoice = "INVALID_CHOICE",
        /// The replacement pawn does not differ in exactly one characteristic.
        InvalidReplacement = "INVALID_REPLACEMENT",
        /// The destination is on another continent.
        OtherContinent = "OTHER_CONTINENT",
        /// The seat chosen is not an opponent.
        NotAnOpponent = "NOT_AN_OPPONENT",
        /// A Permanent card protects the player from Action cards.
        PlayerProtected = "PLAYER_PROTECTED",
        /// A card of this colour was already played this turn.
        CardColorAlreadyPlayed = "CARD_COLOR_ALREADY_PLAYED",
        /// The Action card can do nothing now.
        CardHasNoEffect = "CARD_HAS_NO_EFFECT",
        /// The Permanent card needs a higher Innovation tile.
        InnovationLevelTooLow = "INNOVATION_LEVEL_TOO_LOW",
        /// The Objective card's condition is not met.
        ObjectiveNotMet = "OBJECTIVE_NOT_MET",
    }
}
