/// Portuguese receipts, from Portugal (EUR, `IVA`, `NIF`) and Brazil (`R$`, `CNPJ`, `ICMS`).
extension Vocabulary {
    static let portuguese = Vocabulary(
        subtotal: ["SUBTOTAL", "SUB TOTAL", "TOTAL S IVA", "TOTAL SEM IVA", "BASE TRIBUTAVEL"],
        total: ["TOTAL A PAGAR", "VALOR A PAGAR", "VALOR TOTAL", "TOTAL EUR", "TOTAL EUROS", "=A PAGAR", "TOTAL R"],
        strongTotal: ["TOTAL A PAGAR", "VALOR A PAGAR", "VALOR TOTAL"],
        finalTotal: ["TOTAL A PAGAR", "VALOR A PAGAR"],
        totalExcluded: ["TOTAL DE ITENS", "QTD ITENS", "QTD TOTAL DE ITENS", "TOTAL DESCONTOS", "N ARTIGOS"],
        totalTax: ["TOTAL IVA", "IVA TOTAL", "TOTAL DE IMPOSTOS", "TRIBUTOS TOTAIS"],
        tax: ["IVA", "ICMS", "IMPOSTOS", "TRIBUTOS"],
        inclusive: ["IVA INCLUIDO", "INCLUIDO"],
        taxTable: ["TAXA", "RESUMO IVA", "INCIDENCIA"],
        tip: ["GORJETA"],
        serviceCharge: ["TAXA DE SERVICO", "SERVICO"],
        tendered: ["NUMERARIO", "DINHEIRO", "PAGO", "VALOR PAGO", "ENTREGUE"],
        cash: ["NUMERARIO", "DINHEIRO"],
        card: ["MULTIBANCO", "CARTAO", "CARTAO DE CREDITO", "CARTAO DE DEBITO", "DEBITO", "CREDITO"],
        change: ["=TROCO"],
        discount: ["DESCONTO", "DESC", "PROMOCAO", "POUPANCA"],
        void: ["ANULACAO", "CANCELADO"],
        deposit: ["TARA", "VASILHAME"],
        rounding: ["ARREDONDAMENTO"],
        summaryHeads: ["TOTAL A PAGAR", "VALOR A PAGAR", "SUBTOTAL"],
        columnHeads: ["DESCRICAO", "QTD", "PRECO", "VALOR", "=ARTIGO"],
        dateWords: ["DATA", "EMISSAO"],
        months: [
            "JANEIRO": 1, "FEVEREIRO": 2, "FEV": 2, "MARCO": 3, "ABRIL": 4, "MAIO": 5, "JUNHO": 6, "JULHO": 7,
            "SETEMBRO": 9, "SET": 9, "OUTUBRO": 10, "OUT": 10, "NOVEMBRO": 11, "DEZEMBRO": 12,
        ],
        legalForms: ["LDA", "LTDA", "S A", "SA", "EIRELI", "UNIPESSOAL"],
        shopWords: ["PADARIA", "PASTELARIA", "MERCEARIA", "FARMACIA", "SUPERMERCADO", "TALHO", "MERCADO", "DROGARIA", "ACOUGUE"],
        addressWords: ["RUA", "AVENIDA", "PRACA", "LARGO", "TRAVESSA", "ESTRADA"],
        headerNoise: ["NIF", "CONTRIBUINTE", "FATURA SIMPLIFICADA", "FATURA", "OBRIGADO", "CNPJ", "CUPOM FISCAL", "CPF", "VOLTE SEMPRE"],
        currencyMarks: ["R$": "BRL", "BRL": "BRL"],
        currencyWords: ["CNPJ": "BRL", "ICMS": "BRL", "CPF": "BRL", "NIF": "EUR", "IVA": "EUR", "MULTIBANCO": "EUR"]
    )
}
